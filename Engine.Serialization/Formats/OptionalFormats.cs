using System.Diagnostics.CodeAnalysis;
using Engine.Serialization.Errors;

namespace Engine.Serialization.Formats;

/// <summary>
/// Whether this build of the game includes the opt-in formats. MessagePack and LZ4 are always there; a game turns XML
/// and protobuf on in its project (<c>&lt;SaveFormatXml&gt;true&lt;/SaveFormatXml&gt;</c>,
/// <c>&lt;SaveFormatProtobuf&gt;true&lt;/SaveFormatProtobuf&gt;</c>), which buildTransitive/Engine.Serialization.targets makes
/// runtime switches. NativeAOT folds a switch that is off to a constant, so none of that format's code, nor System.Xml
/// or protobuf-net, reaches the game's binary.
/// </summary>
internal static class OptionalFormats
{
    public const string XmlSwitch = "Engine.Serialization.Xml.IsSupported";
    public const string ProtobufSwitch = "Engine.Serialization.Protobuf.IsSupported";

    [FeatureSwitchDefinition(XmlSwitch)]
    public static bool Xml => AppContext.TryGetSwitch(XmlSwitch, out bool on) && on;

    [FeatureSwitchDefinition(ProtobufSwitch)]
    public static bool Protobuf => AppContext.TryGetSwitch(ProtobufSwitch, out bool on) && on;

    /// <summary>The refusal of a format this build left out, saying how a game opts in.</summary>
    public static SaveFormatUnavailableException Unavailable(SaveFormat format) =>
        new($"This build of the game has no {format} saves, so it can neither write nor load one; a game that needs them sets "
            + $"<SaveFormat{format}>true</SaveFormat{format}> in its project (a game referencing the engine's project rather than its "
            + "package also imports Engine.Serialization/buildTransitive/Engine.Serialization.targets, which makes that line the switch).");
}

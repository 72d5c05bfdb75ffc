using System.Globalization;

namespace Engine.Serialization.Formats;

/// <summary>The formats as command lines and settings spell them: "messagepack", "xml", "protobuf", in any case.</summary>
public static class SaveFormatNames
{
    public static IReadOnlyDictionary<string, SaveFormat> All { get; } = new Dictionary<string, SaveFormat>(StringComparer.OrdinalIgnoreCase)
    {
        ["messagepack"] = SaveFormat.MessagePack,
        ["xml"] = SaveFormat.Xml,
        ["protobuf"] = SaveFormat.Protobuf,
    };

    /// <summary>The format's name, or its number when this build doesn't know it (a damaged header).</summary>
    public static string Of(SaveFormat format) =>
        All.FirstOrDefault(known => known.Value == format).Key ?? ((byte)format).ToString(CultureInfo.InvariantCulture);
}

using System.Globalization;
using Engine.Serialization.Compression;
using Engine.Serialization.Formats;

namespace Engine.Serialization.Tools;

/// <summary>Formats and compressions as the command line spells them.</summary>
internal static class Names
{
    public static readonly IReadOnlyDictionary<string, SaveFormat> Formats = new Dictionary<string, SaveFormat>(StringComparer.OrdinalIgnoreCase)
    {
        ["messagepack"] = SaveFormat.MessagePack,
        ["xml"] = SaveFormat.Xml,
        ["protobuf"] = SaveFormat.Protobuf,
    };

    /// <summary>The format's command-line name, or its number when this build doesn't know it (a damaged header).</summary>
    public static string Of(SaveFormat format) =>
        Formats.FirstOrDefault(known => known.Value == format).Key ?? ((byte)format).ToString(CultureInfo.InvariantCulture);

    public static string Of(SaveCompression compression) => compression switch
    {
        SaveCompression.None => "none",
        SaveCompression.Lz4 => "lz4",
        _ => ((byte)compression).ToString(CultureInfo.InvariantCulture),
    };

    public static SaveFormat Format(string name) => Formats.TryGetValue(name, out var format)
        ? format
        : throw ToolException.Usage($"'{name}' is not a format; use {string.Join(", ", Formats.Keys)}");
}

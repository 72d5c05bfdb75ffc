using System.Globalization;
using Engine.Serialization.Compression;
using Engine.Serialization.Formats;

namespace Engine.Serialization.Tools;

/// <summary>Formats (as <see cref="SaveFormatNames"/> spells them) and compressions as the command line spells them.</summary>
internal static class Names
{
    public static string Of(SaveFormat format) => SaveFormatNames.Of(format);

    public static string Of(SaveCompression compression) => compression switch
    {
        SaveCompression.None => "none",
        SaveCompression.Lz4 => "lz4",
        _ => ((byte)compression).ToString(CultureInfo.InvariantCulture),
    };

    public static SaveFormat Format(string name) => SaveFormatNames.All.TryGetValue(name, out var format)
        ? format
        : throw ToolException.Usage($"'{name}' is not a format; use {string.Join(", ", SaveFormatNames.All.Keys)}");
}

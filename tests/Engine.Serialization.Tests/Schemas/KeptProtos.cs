using System.Globalization;
using System.Text.RegularExpressions;

namespace Engine.Serialization.Tests.Schemas;

/// <summary>
/// How the schema writer (build/schemas.sh) keeps the record of each earlier schema's field numbers: before a model's
/// .proto is written for a newer schema version, the file there is kept beside it as <c>{name}.schema-{N}.proto</c>,
/// N being the schema version its header names; a kept file is never written again. The generator embeds the kept
/// files in the model's codec, and protobuf saves of schema N are migrated through them.
/// </summary>
internal static partial class KeptProtos
{
    /// <summary>Keeps the .proto at <paramref name="path"/> when <paramref name="generated"/> is of a newer schema; returns the kept file's path, or null.</summary>
    public static string? Keep(string path, string generated)
    {
        if (!File.Exists(path) || SchemaVersionOf(File.ReadAllText(path)) is not { } earlier || SchemaVersionOf(generated) is not { } newer || earlier >= newer)
        {
            return null;
        }

        string kept = Path.Combine(Path.GetDirectoryName(path)!, $"{Path.GetFileNameWithoutExtension(path)}.schema-{earlier.ToString(CultureInfo.InvariantCulture)}.proto");
        if (!File.Exists(kept))
        {
            File.Copy(path, kept);
        }

        return kept;
    }

    /// <summary>The schema version a generated .proto's header names, or null when it names none.</summary>
    public static int? SchemaVersionOf(string proto) =>
        Header().Match(proto) is { Success: true } header ? int.Parse(header.Groups[1].Value, CultureInfo.InvariantCulture) : null;

    [GeneratedRegex(@"^// The protobuf schema of the save model '[^']*' \(schema version (\d+)\)", RegexOptions.Multiline)]
    private static partial Regex Header();
}

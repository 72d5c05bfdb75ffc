using System.Globalization;
using System.Text.RegularExpressions;
using Engine.Serialization.Models;

namespace Engine.Serialization.Tools;

/// <summary>
/// A model's schema files, as a game checks them in beside the model (<c>savetool schemas</c> writes them): its
/// <c>.proto</c> (also the record of its protobuf field numbers, which the generator reads back), its XSD and its
/// member tables (<c>.md</c>). Before a <c>.proto</c> is written for a newer schema version, the one there is kept beside
/// it as <c>{name}.schema-{N}.proto</c> (N: the schema version its header names), the record through which protobuf
/// saves of schema N are migrated; a kept file is never written again.
/// </summary>
public static partial class SchemaFiles
{
    /// <summary>Writes <paramref name="schemas"/>' three files into <paramref name="folder"/>; each one's path, and whether it changed.</summary>
    public static IReadOnlyList<(string Path, bool Changed)> Write(SaveModelSchemas schemas, string folder)
    {
        ArgumentNullException.ThrowIfNull(schemas);
        ArgumentException.ThrowIfNullOrEmpty(folder);
        Directory.CreateDirectory(folder);
        (string Name, string Text)[] files =
        [
            (schemas.ProtoFileName, schemas.Proto),
            (schemas.XsdFileName, schemas.Xsd),
            (Path.ChangeExtension(schemas.ProtoFileName, ".md"), schemas.MemberTables),
        ];
        var written = new List<(string Path, bool Changed)>();
        foreach (var (name, text) in files)
        {
            string path = Path.Combine(folder, name);
            written.Add((path, WriteFile(path, text)));
        }

        return written;
    }

    /// <summary>
    /// Writes <paramref name="text"/> at <paramref name="path"/> unless the file holds it already; a <c>.proto</c> of a
    /// newer schema version keeps the one it replaces first. True when the file changed.
    /// </summary>
    public static bool WriteFile(string path, string text)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        ArgumentNullException.ThrowIfNull(text);
        if (File.Exists(path) && File.ReadAllText(path) == text)
        {
            return false;
        }

        if (Path.GetExtension(path) == ".proto")
        {
            KeepEarlier(path, text);
        }

        File.WriteAllText(path, text);
        return true;
    }

    /// <summary>The schema version a generated .proto's header names, or null when it names none.</summary>
    public static int? SchemaVersionOf(string proto) =>
        Header().Match(proto) is { Success: true } header ? int.Parse(header.Groups[1].Value, CultureInfo.InvariantCulture) : null;

    /// <summary>Keeps the .proto at <paramref name="path"/> when <paramref name="generated"/> is of a newer schema; the kept file's path, or null.</summary>
    internal static string? KeepEarlier(string path, string generated)
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

    [GeneratedRegex(@"^// The protobuf schema of the save model '[^']*' \(schema version (\d+)\)", RegexOptions.Multiline)]
    private static partial Regex Header();
}

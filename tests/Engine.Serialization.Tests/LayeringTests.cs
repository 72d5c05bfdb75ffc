using System.Text.RegularExpressions;
using Engine.Testing;

namespace Engine.Serialization.Tests;

/// <summary>
/// Formats/ encode models and Migrations/ rewrite untyped documents; Documents/ opens payloads for Migrations, and neither
/// of the first two names the other (issue 13), so a format can change without touching a migration and the reverse.
/// </summary>
public sealed class LayeringTests
{
    [Theory]
    [InlineData("Formats", @"\b(Migrations|ISchemaMigration|SchemaMigrations|SaveDocument|DocumentObject)\b")]
    [InlineData("Migrations", @"\b(Formats|SaveFormats?|ISaveFormat|XmlCodec|ProtobufCodec|MissingValues)\b")]
    public void AFolder_NamesNothingOfTheOther(string folder, string other)
    {
        string root = Path.Combine(Repository.Root, "Engine.Serialization", folder);
        var found = Directory.EnumerateFiles(root, "*.cs", SearchOption.AllDirectories)
            .SelectMany(file => File.ReadLines(file).Select((line, i) => (file, line, i)))
            .Where(l => !l.line.TrimStart().StartsWith("//", StringComparison.Ordinal) && Regex.IsMatch(l.line, other))
            .Select(l => $"{Path.GetRelativePath(Repository.Root, l.file)}:{l.i + 1}: {l.line.Trim()}")
            .ToList();

        Assert.True(found.Count == 0, $"{folder}/ names what belongs to the other folder:\n{string.Join("\n", found)}");
    }
}

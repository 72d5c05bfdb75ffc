using System.Text.RegularExpressions;
using Engine.Serialization.Documents;
using Engine.Testing;

namespace Engine.Serialization.Tests.Documents;

/// <summary>The runtime reader of .proto records reads every .proto the generator wrote into this repository, and each field's type resolves.</summary>
public sealed partial class ProtoSchemaTests
{
    // newer-game-content.proto records only the numbers of a test model's added members, beside GameContent's record.
    public static TheoryData<string> CheckedInProtos() =>
        [.. Directory.EnumerateFiles(Repository.Root, "*.proto", SearchOption.AllDirectories)
            .Where(path => !path.Contains($"{Path.DirectorySeparatorChar}bin{Path.DirectorySeparatorChar}", StringComparison.Ordinal)
                && !path.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal))
            .Where(path => Path.GetFileName(path) != "newer-game-content.proto")
            .Select(path => Path.GetRelativePath(Repository.Root, path))
            .Order(StringComparer.Ordinal)];

    [Theory]
    [MemberData(nameof(CheckedInProtos))]
    public void Parse_OfACheckedInProto_ReadsEveryMessagesFields(string relativePath)
    {
        string text = File.ReadAllText(Path.Combine(Repository.Root, relativePath));

        var schema = ProtoSchema.Parse(text);

        Assert.NotEmpty(schema.Root.Fields);
        Assert.Equal(FieldLine().Count(text), MessageLine().Matches(text).Sum(match => schema.Message(match.Groups[1].Value)!.Fields.Count));
    }

    [Theory]
    [InlineData("message A { optional int32 a = 1; ")]
    [InlineData("message A { optional B b = 1; }")]
    [InlineData("message A { optional int32 a = 0; }")]
    [InlineData("message A { optional int32 a = 1; optional int32 b = 1; }")]
    [InlineData("enum E { E_A = 0; }")]
    public void Parse_OfTextTheGeneratorDoesNotWrite_ThrowsFormatException(string text)
    {
        Assert.Throws<FormatException>(() => ProtoSchema.Parse(text));
    }

    [GeneratedRegex(@"^\s*(?:(?:optional|repeated|required)\s+)?[\w.]+\s+\w+\s*=\s*\d+[^;\n]*;", RegexOptions.Multiline)]
    private static partial Regex FieldLine();

    [GeneratedRegex(@"^message (\w+) \{", RegexOptions.Multiline)]
    private static partial Regex MessageLine();
}

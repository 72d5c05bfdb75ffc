using System.Globalization;
using System.Text;
using Engine.Serialization.Text;

namespace Engine.Serialization.Tests.Text;

/// <summary>
/// The engine's NFC against Unicode's own conformance cases (NormalizationTest.txt, its source and NFC columns), in the
/// invariant globalization these tests run with, where <see cref="string.Normalize()"/> leaves non-ASCII text as it is.
/// </summary>
public sealed class UnicodeNfcTests
{
    private static readonly string[] Lines = File.ReadAllLines(Path.Combine(AppContext.BaseDirectory, "Fixtures", "unicode", "nfc-cases.txt"));

    [Fact]
    public void EveryConformanceCase_NormalizesAsUnicodeSays()
    {
        var wrong = Cases().Where(c => UnicodeNfc.Normalize(c.Source) != c.Nfc).Select(c => $"{Codes(c.Source)} -> {Codes(UnicodeNfc.Normalize(c.Source))}, not {Codes(c.Nfc)}").ToList();

        Assert.True(wrong.Count == 0, $"{wrong.Count} cases wrong:\n{string.Join("\n", wrong.Take(20))}");
        Assert.True(Cases().Count() > 19_000);
    }

    [Fact]
    public void EveryCharacterNotInPartOne_IsItsOwnNfc()
    {
        // The conformance file's rule: Part 1 lists every character NFC changes or decomposes; any other stays.
        var listed = Cases("@Part1").Select(c => char.ConvertToUtf32(c.Source, 0)).ToHashSet();

        var changed = Enumerable.Range(0, 0x110000)
            .Where(c => c is < 0xD800 or > 0xDFFF && !listed.Contains(c) && UnicodeNfc.Normalize(char.ConvertFromUtf32(c)) != char.ConvertFromUtf32(c))
            .Select(c => $"U+{c:X4}")
            .ToList();

        Assert.Empty(changed);
    }

    [Fact]
    public void TheRuntimesOwnNormalize_LeavesNonAsciiTextUnchanged_UnderInvariantGlobalization()
    {
        // Why the engine carries its own tables; if this fails, the runtime normalizes and string.Normalize could serve.
        Assert.Equal("e\u0301", "e\u0301".Normalize(NormalizationForm.FormC));
        Assert.Equal("\u00e9", UnicodeNfc.Normalize("e\u0301"));
        Assert.Equal("K", UnicodeNfc.Normalize("\u212A"));
    }

    private static IEnumerable<(string Source, string Nfc)> Cases(string? part = null)
    {
        string current = "";
        foreach (string line in Lines)
        {
            if (line.StartsWith('@'))
            {
                current = line;
            }
            else if (!line.StartsWith('#') && (part is null || part == current))
            {
                string[] columns = line.Split(';');
                yield return (Text(columns[0]), Text(columns[1]));
            }
        }
    }

    private static string Text(string codes) =>
        string.Concat(codes.Split(' ').Select(code => char.ConvertFromUtf32(int.Parse(code, NumberStyles.HexNumber, CultureInfo.InvariantCulture))));

    private static string Codes(string text) => string.Join(' ', text.EnumerateRunes().Select(r => $"{r.Value:X4}"));
}

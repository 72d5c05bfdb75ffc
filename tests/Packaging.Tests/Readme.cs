using System.Text.RegularExpressions;
using Engine.Testing;

namespace Packaging.Tests;

/// <summary>The code blocks of the repository's README.md, by the section they are in: what the tests build is what it shows.</summary>
internal static partial class Readme
{
    /// <summary>The fenced blocks of <paramref name="language"/> in the section headed <paramref name="heading"/>, in order.</summary>
    public static IReadOnlyList<string> Blocks(string heading, string language)
    {
        string text = File.ReadAllText(Path.Combine(Repository.Root, "README.md")).ReplaceLineEndings("\n");
        int start = text.IndexOf("\n## " + heading + "\n", StringComparison.Ordinal);
        Assert.True(start >= 0, $"README.md has no section '{heading}'.");
        int end = text.IndexOf("\n## ", start + 1, StringComparison.Ordinal);
        string section = end < 0 ? text[start..] : text[start..end];
        return [.. Fence().Matches(section).Where(m => m.Groups[1].Value == language).Select(m => m.Groups[2].Value)];
    }

    [GeneratedRegex(@"^```(\w+)\n(.*?)^```", RegexOptions.Multiline | RegexOptions.Singleline)]
    private static partial Regex Fence();
}

using Engine.Testing;

namespace Packaging.Tests;

/// <summary>The code blocks of the repository's README.md, by the section they are in: what the tests build is what it shows.</summary>
internal static class Readme
{
    /// <summary>The fenced blocks of <paramref name="language"/> in the section headed <paramref name="heading"/>, in order.</summary>
    public static IReadOnlyList<string> Blocks(string heading, string language, string file = "README.md")
    {
        var section = MarkdownCodeBlock.In(file).Where(block => block.Section == heading).ToList();
        Assert.True(section.Count > 0, $"{file} has no section '{heading}' with code blocks.");
        return [.. section.Where(block => block.Language == language).Select(block => block.Text)];
    }
}

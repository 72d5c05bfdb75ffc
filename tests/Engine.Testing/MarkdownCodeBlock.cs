using System.Text;
using System.Text.RegularExpressions;

namespace Engine.Testing;

/// <summary>A fenced code block of one of the repository's Markdown files.</summary>
/// <param name="File">The file's path from the repository's root, with '/' between folders.</param>
/// <param name="Line">The line of the opening fence, counted from 1.</param>
/// <param name="Language">The fence's language ("csharp", "xml"), or "" when it names none.</param>
/// <param name="Section">The "## " heading the block is under, or "" before the first.</param>
/// <param name="Text">The lines between the fences, each ending in '\n', without the fence's own indentation.</param>
public sealed partial record MarkdownCodeBlock(string File, int Line, string Language, string Section, string Text)
{
    /// <summary>"file:line" of the opening fence.</summary>
    public string Location => $"{File}:{Line}";

    /// <summary>The line of the file that is the block's first line.</summary>
    public int FirstLine => Line + 1;

    /// <summary>The line of the file that is the block's last line.</summary>
    public int LastLine => Line + Text.Count(c => c == '\n');

    /// <summary>The fenced blocks of <paramref name="file"/> (a path from the repository's root), in order.</summary>
    public static IReadOnlyList<MarkdownCodeBlock> In(string file)
    {
        string[] lines = System.IO.File.ReadAllText(Path.Combine(Repository.Root, file)).ReplaceLineEndings("\n").Split('\n');
        var blocks = new List<MarkdownCodeBlock>();
        string section = "";
        for (int i = 0; i < lines.Length; i++)
        {
            if (lines[i].StartsWith("## ", StringComparison.Ordinal))
            {
                section = lines[i]["## ".Length..];
            }

            var fence = OpeningFence().Match(lines[i]);
            if (!fence.Success)
            {
                continue;
            }

            // A block inside a list item is indented with it; its code is not.
            string indentation = fence.Groups["indentation"].Value;
            int opening = i;
            var text = new StringBuilder();
            for (i++; i < lines.Length && lines[i].Trim() != "```"; i++)
            {
                text.Append(lines[i].StartsWith(indentation, StringComparison.Ordinal) ? lines[i][indentation.Length..] : lines[i].TrimStart()).Append('\n');
            }

            blocks.Add(new MarkdownCodeBlock(file, opening + 1, fence.Groups["language"].Value, section, text.ToString()));
        }

        return blocks;
    }

    [GeneratedRegex(@"^(?<indentation> *)```(?<language>[\w+-]*)\s*$")]
    private static partial Regex OpeningFence();
}

using System.Text;

namespace Engine.Serialization.Generator.Emit;

/// <summary>A tiny indenting text builder; always "\n" line endings so output is identical on every OS.</summary>
internal sealed class CodeWriter
{
    private readonly StringBuilder builder = new();
    private int depth;

    /// <summary>Appends the text at the current indentation; each line of a multi-line text (a template) is indented alike.</summary>
    public void Line(string text = "")
    {
        foreach (var line in text.Replace("\r\n", "\n").Split('\n'))
        {
            if (line.Length > 0)
            {
                builder.Append(' ', depth * 4).Append(line);
            }

            builder.Append('\n');
        }
    }

    public void Open(string header)
    {
        Line(header);
        Line("{");
        depth++;
    }

    public void Close()
    {
        depth--;
        Line("}");
    }

    public void Indent() => depth++;

    public void Outdent() => depth--;

    public override string ToString() => builder.ToString();
}

using System.Text;

namespace Engine.Serialization.Generator;

/// <summary>A tiny indenting text builder; always "\n" line endings so output is identical on every OS.</summary>
internal sealed class CodeWriter
{
    private readonly StringBuilder builder = new();
    private int depth;

    public void Line(string text = "")
    {
        if (text.Length > 0)
        {
            builder.Append(' ', depth * 4).Append(text);
        }

        builder.Append('\n');
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

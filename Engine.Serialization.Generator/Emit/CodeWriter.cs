using System.Text;

namespace Engine.Serialization.Generator.Emit;

/// <summary>A tiny indenting text builder; always "\n" line endings so output is identical on every OS.</summary>
internal sealed class CodeWriter
{
    private readonly StringBuilder _builder = new();
    private int _depth;
    private bool _atBlockStart;

    /// <summary>Appends the text at the current indentation; each line of a multi-line text (a template) is indented alike.</summary>
    public void Line(string text = "")
    {
        _atBlockStart = false;
        foreach (var line in text.Replace("\r\n", "\n").Split('\n'))
        {
            if (line.Length > 0)
            {
                _builder.Append(' ', _depth * 4).Append(line);
            }

            _builder.Append('\n');
        }
    }

    public void Open(string header)
    {
        Line(header);
        Line("{");
        _depth++;
        _atBlockStart = true;
    }

    /// <summary>A blank line between two members, none right after a block's opening brace.</summary>
    public void Gap()
    {
        if (!_atBlockStart)
        {
            Line();
        }
    }

    public void Close()
    {
        _depth--;
        Line("}");
    }

    public void Indent() => _depth++;

    public void Outdent() => _depth--;

    public override string ToString() => _builder.ToString();
}

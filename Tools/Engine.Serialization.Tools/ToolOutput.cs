using System.Text;
using Engine.Serialization.Text;

namespace Engine.Serialization.Tools;

/// <summary>Where a command writes: results to standard output, as text or (for JSON) bytes; problems to standard error.</summary>
internal sealed class ToolOutput(Stream output, TextWriter error) : IDisposable
{
    private VisibleWriter? _text;

    /// <summary>Standard output as bytes; whatever <see cref="Text"/> holds is written first.</summary>
    public Stream Bytes
    {
        get
        {
            _text?.Flush();
            return output;
        }
    }

    /// <summary>Standard output as text; whatever a command writes there is shown as text, its lines as <see cref="SaveText.VisibleLines"/> gives them.</summary>
    public TextWriter Text => _text ??= new VisibleWriter(new StreamWriter(output, new UTF8Encoding(encoderShouldEmitUTF8Identifier: false), leaveOpen: true)) { NewLine = "\n" };

    public TextWriter Error { get; } = error;

    /// <summary>One problem, on one line, what it quotes from files shown as text (<see cref="SaveText.Visible"/>).</summary>
    public void Problem(string message) => Error.WriteLine($"error: {SaveText.Visible(message.ReplaceLineEndings(" "))}");

    public void Dispose()
    {
        _text?.Dispose();
        output.Flush();
    }

    /// <summary>
    /// Text written through to a writer, each character that would act on a terminal written out as its code, but for the
    /// line feeds that end the lines: a command that forgets to escape a field still can't send an escape sequence.
    /// </summary>
    private sealed class VisibleWriter(TextWriter inner) : TextWriter
    {
        public override Encoding Encoding => inner.Encoding;

        public override void Write(char value) => Write(value.ToString());

        public override void Write(string? value) => inner.Write(value is null ? null : SaveText.VisibleLines(value));

        public override void Flush() => inner.Flush();

        protected override void Dispose(bool disposing)
        {
            if (disposing)
            {
                inner.Dispose();
            }

            base.Dispose(disposing);
        }
    }
}

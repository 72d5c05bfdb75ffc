using System.Text;

namespace Engine.Serialization.Tools;

/// <summary>Where a command writes: results to standard output, as text or (for JSON) bytes; problems to standard error.</summary>
internal sealed class ToolOutput(Stream output, TextWriter error) : IDisposable
{
    private StreamWriter? _text;

    /// <summary>Standard output as bytes; whatever <see cref="Text"/> holds is written first.</summary>
    public Stream Bytes
    {
        get
        {
            _text?.Flush();
            return output;
        }
    }

    public TextWriter Text => _text ??= new StreamWriter(output, new UTF8Encoding(encoderShouldEmitUTF8Identifier: false), leaveOpen: true) { NewLine = "\n" };

    public TextWriter Error { get; } = error;

    /// <summary>One problem, on one line.</summary>
    public void Problem(string message) => Error.WriteLine($"error: {message.ReplaceLineEndings(" ")}");

    public void Dispose()
    {
        _text?.Dispose();
        output.Flush();
    }
}

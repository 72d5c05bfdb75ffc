using Engine.Serialization.Text;

namespace Engine.Serialization.Errors;

/// <summary>
/// The root of everything a save can do wrong. Games catch this one type: every failure of the
/// formats, the compression and the file system while saving or loading arrives as one of its kinds.
/// </summary>
public abstract class SaveException : Exception
{
    private readonly string _message;

    protected SaveException(string message, string? filePath, Exception? innerException)
        : base(message, innerException)
    {
        _message = message;
        FilePath = filePath;
    }

    /// <summary>The save file involved, when there is one; code that knows the file a failure concerns, where the code that threw did not, sets it.</summary>
    public string? FilePath { get; set; }

    /// <summary>
    /// What went wrong, without the file's path or the advice. Text it quotes from a save or a file name (a model or game
    /// id, a title) is shown as <see cref="SaveText.Visible"/> gives it, so a hostile save can't write to a terminal.
    /// </summary>
    public string Reason => SaveText.Visible(_message);

    /// <summary>What the player or developer can do about this kind of failure; empty when the message says it.</summary>
    public virtual string Advice => "";

    /// <summary>What went wrong, starting with the file's path when there is one, and what to do.</summary>
    public override string Message
    {
        get
        {
            string text = Advice.Length == 0 ? Reason : $"{Reason} {Advice}";
            return FilePath is null ? text : $"{SaveText.Visible(FilePath)}: {text}";
        }
    }
}

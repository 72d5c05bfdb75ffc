namespace Engine.Serialization.Errors;

/// <summary>The game could not be written in the chosen format (for example, a string XML can't carry).</summary>
public sealed class SaveEncodingException : SaveException
{
    public SaveEncodingException(string message, string? filePath = null, Exception? innerException = null)
        : base(message, filePath, innerException)
    {
    }

    public override string Advice => "Save in MessagePack, which carries any text, or change the text.";
}

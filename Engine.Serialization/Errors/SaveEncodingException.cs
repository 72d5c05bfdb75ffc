namespace Engine.Serialization.Errors;

/// <summary>
/// The game could not be written: a null where the model has none, a value the chosen format can't carry (text XML
/// can't), or the model's own OnBeforeSerialize refused. Nothing was written; the message says what to change.
/// </summary>
public sealed class SaveEncodingException : SaveException
{
    public SaveEncodingException(string message, string? filePath = null, Exception? innerException = null)
        : base(message, filePath, innerException)
    {
    }
}

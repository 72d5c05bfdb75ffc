namespace Engine.Serialization.Errors;

/// <summary>The save is damaged: truncated, altered, or not decodable as the format it claims.</summary>
public sealed class SaveCorruptedException : SaveException
{
    public SaveCorruptedException(string message, string? filePath = null, Exception? innerException = null)
        : base(message, filePath, innerException)
    {
    }

    public override string Advice => "Load an earlier save.";
}

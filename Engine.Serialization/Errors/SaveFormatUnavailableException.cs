namespace Engine.Serialization.Errors;

/// <summary>The format exists but can't be used in this build of the game.</summary>
public sealed class SaveFormatUnavailableException : SaveException
{
    public SaveFormatUnavailableException(string message, string? filePath = null, Exception? innerException = null)
        : base(message, filePath, innerException)
    {
    }

    public override string Advice => "Choose another format.";
}

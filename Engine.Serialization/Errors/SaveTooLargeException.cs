namespace Engine.Serialization.Errors;

/// <summary>The save declares sizes beyond the configured limits.</summary>
public sealed class SaveTooLargeException : SaveException
{
    public SaveTooLargeException(string message, string? filePath = null, Exception? innerException = null)
        : base(message, filePath, innerException)
    {
    }

    public override string Advice => "If the file is a genuine save, the game must raise its LoadOptions limits to load it.";
}

namespace Engine.Serialization.Errors;

/// <summary>The save names a format or compression this build does not know.</summary>
public sealed class UnknownSaveFormatException : SaveException
{
    public UnknownSaveFormatException(string message, string? filePath = null, Exception? innerException = null)
        : base(message, filePath, innerException)
    {
    }

    public override string Advice => "Update the game to load it.";
}

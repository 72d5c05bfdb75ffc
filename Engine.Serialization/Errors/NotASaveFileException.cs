namespace Engine.Serialization.Errors;

/// <summary>The data is not a save file of this engine (its first bytes are not the save signature).</summary>
public sealed class NotASaveFileException : SaveException
{
    public NotASaveFileException(string message, string? filePath = null, Exception? innerException = null)
        : base(message, filePath, innerException)
    {
    }

    public override string Advice => "Choose a save file written by this game.";
}

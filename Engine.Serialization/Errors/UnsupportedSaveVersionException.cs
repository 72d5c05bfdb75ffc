namespace Engine.Serialization.Errors;

/// <summary>The save was written by a newer version of the game, or a container version this build can't read.</summary>
public sealed class UnsupportedSaveVersionException : SaveException
{
    public UnsupportedSaveVersionException(string message, string? filePath = null, Exception? innerException = null)
        : base(message, filePath, innerException)
    {
    }
}

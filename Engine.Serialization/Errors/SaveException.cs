namespace Engine.Serialization.Errors;

/// <summary>
/// The root of everything a save can do wrong. Games catch this one type: every failure of the
/// formats, the compression and the file system while saving or loading arrives as one of its kinds.
/// </summary>
public abstract class SaveException : Exception
{
    protected SaveException(string message, string? filePath, Exception? innerException)
        : base(filePath is null ? message : $"{filePath}: {message}", innerException)
    {
        FilePath = filePath;
    }

    /// <summary>The save file involved, when there is one.</summary>
    public string? FilePath { get; }
}

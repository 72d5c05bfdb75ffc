namespace Engine.Serialization.Errors;

/// <summary>The file system refused a read or write (missing file, permission, disk full, I/O error).</summary>
public sealed class SaveIOException : SaveException
{
    public SaveIOException(string message, string? filePath = null, Exception? innerException = null)
        : base(message, filePath, innerException)
    {
    }
}

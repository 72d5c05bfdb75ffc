namespace Engine.Serialization.Errors;

/// <summary>The save is intact but belongs elsewhere: it holds another model than the one loaded, or another game wrote it.</summary>
public sealed class ForeignSaveException : SaveException
{
    public ForeignSaveException(string message, string? filePath = null, Exception? innerException = null)
        : base(message, filePath, innerException)
    {
    }

    public override string Advice => "Choose a save this game wrote.";
}

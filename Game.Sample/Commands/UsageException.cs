namespace Game.Sample.Commands;

/// <summary>The command line asks for something the program doesn't offer; the program exits with 2.</summary>
internal sealed class UsageException : Exception
{
    public UsageException()
    {
    }

    public UsageException(string message)
        : base(message)
    {
    }

    public UsageException(string message, Exception innerException)
        : base(message, innerException)
    {
    }
}

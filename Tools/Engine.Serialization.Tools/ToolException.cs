namespace Engine.Serialization.Tools;

/// <summary>
/// A command that can't run as asked: bad arguments (<see cref="IsUsage"/>), or input it can't work on (a path the
/// game lacks, a model this program doesn't know). Shown as one line; the exit code is 2.
/// </summary>
internal sealed class ToolException(string message, bool isUsage = false) : Exception(message)
{
    public bool IsUsage { get; } = isUsage;

    public static ToolException Usage(string message) => new(message, isUsage: true);
}

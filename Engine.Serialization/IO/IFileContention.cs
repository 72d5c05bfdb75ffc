using System.Diagnostics;

namespace Engine.Serialization.IO;

/// <summary>
/// What a process does when another process's open of the same file is in its way: on Windows a load that reads a save
/// holds it open, and a save's rename over it is refused until the load closes it; the rename in turn keeps the file
/// from being opened for a moment. Unix has no such refusals: a rename replaces an open file, whose readers keep reading
/// what they opened.
/// </summary>
internal interface IFileContention
{
    /// <summary>
    /// Runs <paramref name="attempt"/>, again while another process's open refuses it; <paramref name="deniedIsBusy"/>
    /// counts "access denied" as such a refusal (Windows says it for a rename over a file another process reads).
    /// </summary>
    void Retry(Action attempt, bool deniedIsBusy);
}

/// <summary>Unix: nothing to wait for.</summary>
internal sealed class NoContention : IFileContention
{
    public void Retry(Action attempt, bool deniedIsBusy) => attempt();
}

/// <summary>
/// Windows: ERROR_SHARING_VIOLATION and ERROR_LOCK_VIOLATION (and, for a rename, ERROR_ACCESS_DENIED) are retried every
/// few milliseconds for up to three seconds, as SQLite retries them: a load or a save holds a file for milliseconds, and
/// a process that loads in a loop leaves short gaps. A refusal that outlasts that (a read-only file, another program
/// holding the file open) is then reported.
/// </summary>
internal sealed class WindowsContention : IFileContention
{
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(3);

    public void Retry(Action attempt, bool deniedIsBusy)
    {
        long started = Stopwatch.GetTimestamp();
        int pause = 1;
        while (true)
        {
            try
            {
                attempt();
                return;
            }
            catch (Exception e) when (IsBusy(e, deniedIsBusy) && Stopwatch.GetElapsedTime(started) < Patience)
            {
                Thread.Sleep(pause);
                pause = Math.Min(pause * 2, 8);
            }
        }
    }

    private static bool IsBusy(Exception e, bool deniedIsBusy) =>
        WindowsErrorCodes.IsSharingRefusal(e) || (deniedIsBusy && e is UnauthorizedAccessException);
}

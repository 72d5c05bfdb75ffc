using Microsoft.Win32.SafeHandles;

namespace Engine.Serialization.IO;

/// <summary>How a process holds a slot's lock file against every other process (<see cref="ProcessLock"/>).</summary>
internal interface IFileLocking
{
    /// <summary>Opens the lock file with <paramref name="open"/> and locks it; null while another open holds the lock.</summary>
    SafeFileHandle? TryOpenLocked(string lockPath, Func<string, FileShare, SafeFileHandle> open);
}

/// <summary>
/// Unix: an exclusive flock, taken without waiting, on the open file; the system releases it when the process dies. As
/// .NET's own FileShare.None lock does, only another holder refuses: a file system without flock saves unlocked.
/// </summary>
internal sealed class FlockLocking(int wouldBlock) : IFileLocking
{
    public SafeFileHandle? TryOpenLocked(string lockPath, Func<string, FileShare, SafeFileHandle> open)
    {
        var file = open(lockPath, FileShare.None);
        if (Posix.TryLockExclusive(file) != wouldBlock)
        {
            return file;
        }

        file.Dispose();
        return null;
    }
}

/// <summary>
/// Windows: the open itself is the lock, shared with no other open to read or write (FileShare.Delete only), which
/// Windows refuses with ERROR_SHARING_VIOLATION (or ERROR_LOCK_VIOLATION) until the holder closes it or dies. The
/// holder may delete the file it holds, as on Unix (<see cref="ProcessLock.DeleteIfFree"/>): it goes when it is closed.
/// </summary>
internal sealed class ShareModeLocking : IFileLocking
{
    public SafeFileHandle? TryOpenLocked(string lockPath, Func<string, FileShare, SafeFileHandle> open)
    {
        try
        {
            return open(lockPath, FileShare.Delete);
        }
        catch (IOException e) when (WindowsErrorCodes.IsSharingRefusal(e))
        {
            return null;
        }
    }
}

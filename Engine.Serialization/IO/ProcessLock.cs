using System.Buffers.Binary;
using System.Diagnostics;
using Engine.Serialization.Errors;
using Microsoft.Win32.SafeHandles;

namespace Engine.Serialization.IO;

/// <summary>
/// An advisory lock between processes on a lock file: held while open, released when disposed or when the process
/// dies, by the OS (an exclusive <c>flock</c> on Unix, a share lock on Windows). Writers that all take it never overlap;
/// readers don't need it, since a replaced file appears whole. The lock file is opened as a file of the save folder
/// (<see cref="INoFollowOpening"/>): a symbolic link in its place is refused, never written through.
/// </summary>
internal readonly struct ProcessLock : IDisposable
{
    private readonly SafeFileHandle _file;

    /// <summary>Whether the change count may be written: not into a file with other names (a hard link), which would change them too.</summary>
    private readonly bool _countable;

    private ProcessLock(SafeFileHandle file)
    {
        _file = file;
        _countable = Platforms.FileStatus.LinkCount(file) == 1;
    }

    /// <summary>
    /// Waits for the lock, for as long as <paramref name="patience"/>; another process's save takes a second at most,
    /// so running out of patience means a process is stuck holding it. A lock file that can't be opened (a link, a
    /// folder, another user's file, a read-only disk) is a <see cref="SaveIOException"/> naming it.
    /// </summary>
    public static ProcessLock Acquire(string lockPath, TimeSpan patience, string savePath)
    {
        long started = Stopwatch.GetTimestamp();
        int pause = 1;
        while (true)
        {
            try
            {
                if (Platforms.Locking.TryOpenLocked(lockPath, Platforms.Opening.OpenOrCreate) is { } file)
                {
                    return new ProcessLock(file);
                }
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                throw new SaveIOException(
                    $"This lock file, which saves take while they write, could not be opened, so nothing was written: {FileSystemRefusal.Explain(e)}. The last save is untouched.",
                    lockPath,
                    e);
            }

            if (Stopwatch.GetElapsedTime(started) > patience)
            {
                throw new SaveIOException(
                    $"Another process has been saving to this slot for over {patience.TotalSeconds:N0} seconds, so this save was not written; the slot's last save is untouched. Close the other copy of the game and save again.",
                    savePath);
            }

            Thread.Sleep(pause);
            pause = Math.Min(pause * 2, 50);
        }
    }

    /// <summary>
    /// How many changes the holders of this lock have counted in its file (the first 8 bytes), so that a process can
    /// tell whether another changed what the lock guards since it last held it; -1 when it can't be read.
    /// </summary>
    public long ReadChanges()
    {
        Span<byte> count = stackalloc byte[sizeof(long)];
        try
        {
            return RandomAccess.Read(_file, count, 0) == count.Length ? BinaryPrimitives.ReadInt64LittleEndian(count) : 0;
        }
        catch (IOException)
        {
            return -1;
        }
    }

    /// <summary>
    /// Counts one change in the lock file; returns the new count, or -1 when it could not be written or the file has
    /// other names (the next holder then looks for itself).
    /// </summary>
    public long CountChange()
    {
        Span<byte> count = stackalloc byte[sizeof(long)];
        var changes = _countable ? ReadChanges() : -1;
        if (changes < 0)
        {
            return -1;
        }

        BinaryPrimitives.WriteInt64LittleEndian(count, changes + 1);
        try
        {
            RandomAccess.Write(_file, count, 0);
            return changes + 1;
        }
        catch (IOException)
        {
            return -1;
        }
    }

    /// <summary>Deletes a lock file no process holds (a slot that is gone); leaves one that is held, or that can't be deleted.</summary>
    public static void DeleteIfFree(string lockPath)
    {
        try
        {
            // Unlinked while held, so no process takes it between the check and the delete. One that opened it just
            // before may still lock the unlinked file afterwards, while another locks a new one of the same name: both
            // would then write the slot, which only matters for a slot being written by two others as it goes.
            using var held = Platforms.Locking.TryOpenLocked(lockPath, Platforms.Opening.OpenExisting);
            if (held is not null)
            {
                File.Delete(lockPath);
            }
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // Gone already or not ours: it costs an empty file.
        }
    }

    public void Dispose() => _file.Dispose();
}

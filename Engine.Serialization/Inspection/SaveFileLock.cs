using Engine.Serialization.Errors;
using Engine.Serialization.IO;
using Engine.Serialization.Slots;

namespace Engine.Serialization.Inspection;

/// <summary>
/// The lock a slot store takes to write a save file (the folder's autosave lock for an autosave, else the file's own),
/// held by a tool that writes the file: a running game's save to the slot waits for it rather than landing between the
/// tool's read and its write. Released when disposed, or by the system when the process ends.
/// </summary>
public sealed class SaveFileLock : IDisposable
{
    private readonly ProcessLock _lock;

    private SaveFileLock(ProcessLock processLock) => _lock = processLock;

    /// <summary>
    /// Waits for the lock of <paramref name="savePath"/> when the file is in a slot folder (that lock file is there);
    /// null otherwise. Something there that can't be locked (a link, a folder) is refused, as a store refuses it.
    /// </summary>
    /// <exception cref="SaveIOException">The lock file can't be opened, or another process holds it too long.</exception>
    public static SaveFileLock? Take(string savePath)
    {
        string lockPath = SlotFiles.LockPathFor(savePath);
        return Path.Exists(lockPath) ? new SaveFileLock(ProcessLock.Acquire(lockPath, SlotFiles.LockPatience, savePath)) : null;
    }

    public void Dispose() => _lock.Dispose();

    /// <summary>Counts a change of the slot's file, as a store's write does, for the stores that watch the count.</summary>
    internal void CountChange() => _lock.CountChange();
}

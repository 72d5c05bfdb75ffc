using Engine.Serialization.IO;
using Engine.Serialization.Slots;

namespace Engine.Serialization.Tools;

/// <summary>Writes a save file as a slot's save is written: whole or not at all, the file it replaces kept as the backup.</summary>
internal static class SaveFileWriting
{
    /// <summary>
    /// Replaces or creates <paramref name="path"/> (temp file, fsync, rename, fsync of the folder), keeping the file it
    /// replaces as <c>path.bak</c>. In a slot folder (the slot's lock file is there, or the folder's autosave lock for
    /// an autosave) it holds that lock meanwhile, so a running game's save to the slot waits for it, and counts its
    /// change there; something there that can't be locked (a link, a folder) refuses the write, as it refuses the
    /// game's. Returns whether a previous file was kept.
    /// </summary>
    public static bool Replace(string path, ReadOnlySpan<byte> save)
    {
        string lockPath = SlotFiles.LockPathFor(path);
        using var slotLock = Path.Exists(lockPath) ? ProcessLock.Acquire(lockPath, SlotFiles.LockPatience, path) : (ProcessLock?)null;
        bool replaced = File.Exists(path);
        try
        {
            AtomicFile.Write(path, save, BackupOf(path));
        }
        finally
        {
            slotLock?.CountChange();
        }

        return replaced;
    }

    public static string BackupOf(string path) => path + SaveSlotStore.BackupExtension;
}

using Engine.Serialization.Inspection;

namespace Engine.Serialization.Tools;

/// <summary>Writes a save file as a slot's save is written: whole or not at all, the file it replaces kept as the backup.</summary>
internal static class SaveFileWriting
{
    /// <summary>
    /// The lock a slot store takes to write <paramref name="path"/>, when the file is in a slot folder; null otherwise
    /// (<see cref="SaveFileLock.Take"/>). A command that reads the file to write it again holds it from before the read:
    /// a running game's save to the slot then waits, rather than landing between the read and the write and being
    /// overwritten by a change of the save before it.
    /// </summary>
    public static SaveFileLock? LockSlotOf(string path) => SaveFileLock.Take(path);

    /// <summary>
    /// Replaces or creates <paramref name="path"/> (temp file, fsync, rename, fsync of the folder), keeping the file it
    /// replaces as <c>path.bak</c>, under the slot's lock (<see cref="LockSlotOf"/>). Returns whether a previous file was kept.
    /// </summary>
    public static bool Replace(string path, ReadOnlySpan<byte> save)
    {
        using var slotLock = LockSlotOf(path);
        return ReplaceLocked(path, save, slotLock);
    }

    /// <summary><see cref="Replace"/>, for a caller that holds the slot's lock since it read the file (or null: no slot folder); counts the change there.</summary>
    public static bool ReplaceLocked(string path, ReadOnlySpan<byte> save, SaveFileLock? slotLock) => SaveFileTools.Replace(path, save, slotLock);

    public static string BackupOf(string path) => path + Slots.SaveSlotStore.BackupExtension;
}

using System.Globalization;
using Engine.Serialization.Errors;

namespace Engine.Serialization.Slots;

/// <summary>
/// Numbers a store's autosaves (autosave-000001, autosave-000002, ...) and deletes the oldest ones,
/// so autosaving never overwrites the only good save and never fills the disk.
/// </summary>
internal sealed class AutosaveRotation(SlotFiles files, SlotWriteQueue writes)
{
    private readonly Lock _numbering = new();

    /// <summary>
    /// The next autosave's name, reserved in the write queue before its file exists so that two autosaves
    /// asked for at once never get the same number.
    /// </summary>
    public string ReserveNext()
    {
        lock (_numbering)
        {
            int next = Numbers().DefaultIfEmpty(0).Max() + 1;
            string slot = SaveSlotStore.AutosavePrefix + next.ToString("D6", CultureInfo.InvariantCulture);
            writes.Reserve(slot);
            return slot;
        }
    }

    /// <summary>
    /// The file of the oldest autosave on disk when the next one makes <see cref="DeleteAllButNewest"/> delete it and
    /// an older autosave than the new one stays: the new one may be written over it (a failed write then loses only what
    /// the rotation was about to delete). Its backup, if it has one, is deleted now.
    /// </summary>
    public string? NextDropped(int kept)
    {
        if (kept < 2)
        {
            return null;
        }

        var onDisk = OnDisk().Order(StringComparer.Ordinal).ToList();
        if (onDisk.Count < kept)
        {
            return null;
        }

        IO.AtomicFile.DeleteQuietly(files.BackupPathOf(onDisk[0]));
        return files.PathOf(onDisk[0]);
    }

    /// <summary>Deletes all autosaves on disk but the newest <paramref name="kept"/>, with their backups.</summary>
    public void DeleteAllButNewest(int kept)
    {
        foreach (string old in OnDisk().Order(StringComparer.Ordinal).SkipLast(kept))
        {
            try
            {
                File.Delete(files.PathOf(old));
                File.Delete(files.BackupPathOf(old));
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                throw new SaveIOException($"The autosave was written, but an old one could not be deleted ({e.Message}).", files.PathOf(old), e);
            }
        }
    }

    private IEnumerable<int> Numbers()
    {
        foreach (string slot in writes.Slots.Concat(OnDisk()))
        {
            if (slot.StartsWith(SaveSlotStore.AutosavePrefix, StringComparison.Ordinal)
                && int.TryParse(slot.AsSpan(SaveSlotStore.AutosavePrefix.Length), NumberStyles.None, CultureInfo.InvariantCulture, out int number))
            {
                yield return number;
            }
        }
    }

    private IEnumerable<string> OnDisk() => files.OnDisk(SaveSlotStore.AutosavePrefix).Select(slot => slot.FileName);
}

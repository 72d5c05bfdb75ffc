using System.Globalization;
using System.IO.Enumeration;
using Engine.Serialization.Errors;
using Engine.Serialization.IO;

namespace Engine.Serialization.Slots;

/// <summary>
/// Numbers a store's autosaves (autosave-000001, autosave-000002, ...) and deletes the oldest ones,
/// so autosaving never overwrites the only good save and never fills the disk.
/// </summary>
internal sealed class AutosaveRotation(SlotFiles files, SlotWriteQueue writes)
{
    private static readonly EnumerationOptions Listing = new() { AttributesToSkip = 0, MatchType = MatchType.Simple };

    private readonly Lock _numbering = new();
    private readonly Lock _rotating = new();
    private readonly List<int> _onDisk = [];

    /// <summary>
    /// The next autosave's name, reserved in the write queue before its file exists so that two autosaves
    /// asked for at once never get the same number.
    /// </summary>
    public string ReserveNext()
    {
        lock (_numbering)
        {
            int next = HighestOnDisk();
            foreach (string slot in writes.Slots)
            {
                next = Math.Max(next, NumberOf(slot));
            }

            string name = NameOf(next + 1);
            writes.Reserve(name);
            return name;
        }
    }

    /// <summary>
    /// Writes the autosave <paramref name="slot"/> through <paramref name="write"/>, then deletes all autosaves on disk
    /// but the newest <paramref name="kept"/>, with their backups. <paramref name="write"/> is given the oldest
    /// autosave's file when the rotation deletes it afterwards and an older autosave than the new one stays: the new
    /// one may be written over it (a failed write then loses only what the rotation was about to delete).
    /// </summary>
    public void Write(string slot, int kept, Action<string?> write)
    {
        lock (_rotating)
        {
            List(_onDisk);
            string? dropped = null;
            if (kept >= 2 && _onDisk.Count >= kept)
            {
                var oldest = NameOf(_onDisk[0]);
                dropped = files.PathOf(oldest);
                AtomicFile.DeleteQuietly(files.BackupPathOf(oldest));
            }

            write(dropped);
            if (NumberOf(slot) is var number and > 0 && !_onDisk.Contains(number))
            {
                _onDisk.Add(number);
                _onDisk.Sort();
            }

            for (var i = 0; i < _onDisk.Count - kept; i++)
            {
                Delete(NameOf(_onDisk[i]));
            }
        }
    }

    private void Delete(string old)
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

    private static string NameOf(int number) => SaveSlotStore.AutosavePrefix + number.ToString("D6", CultureInfo.InvariantCulture);

    /// <summary>The autosave number a slot or file name holds, or 0 when it is none.</summary>
    private static int NumberOf(ReadOnlySpan<char> name) =>
        name.StartsWith(SaveSlotStore.AutosavePrefix, StringComparison.Ordinal)
        && int.TryParse(name[SaveSlotStore.AutosavePrefix.Length..], NumberStyles.None, CultureInfo.InvariantCulture, out int number)
            ? number
            : 0;

    private int HighestOnDisk()
    {
        var highest = 0;
        foreach (var number in OnDisk())
        {
            highest = Math.Max(highest, number);
        }

        return highest;
    }

    /// <summary>The numbers of the autosaves on disk, in order; read from the names as listed, without a string for each.</summary>
    private void List(List<int> numbers)
    {
        numbers.Clear();
        foreach (var number in OnDisk())
        {
            numbers.Add(number);
        }

        numbers.Sort();
    }

    private IEnumerable<int> OnDisk() =>
        Directory.Exists(files.Directory)
            ? new FileSystemEnumerable<int>(files.Directory, static (ref entry) => FileNumber(entry.FileName), Listing)
            {
                ShouldIncludePredicate = static (ref entry) => !entry.IsDirectory && FileNumber(entry.FileName) > 0,
            }
            : [];

    /// <summary>The number of an autosave's file ("autosave-000001.sav"), or 0 for any other file.</summary>
    private static int FileNumber(ReadOnlySpan<char> fileName) =>
        fileName.EndsWith(SaveSlotStore.FileExtension, StringComparison.Ordinal)
            ? NumberOf(fileName[..^SaveSlotStore.FileExtension.Length])
            : 0;
}

using System.Globalization;
using System.IO.Enumeration;
using Engine.Serialization.Errors;
using Engine.Serialization.IO;

namespace Engine.Serialization.Slots;

/// <summary>
/// Numbers a store's autosaves (autosave-000001, autosave-000002, ...) and deletes the oldest ones,
/// so autosaving never overwrites the only good save and never fills the disk.
/// </summary>
internal sealed class AutosaveRotation(SlotFiles files)
{
    private static readonly EnumerationOptions Listing = new() { AttributesToSkip = 0, MatchType = MatchType.Simple };

    private readonly Lock _rotating = new();
    private readonly List<int> _onDisk = [];
    private int _lastNumber;

    /// <summary>
    /// Writes the next autosave under the rotation's lock, through <paramref name="write"/> (given its name and, when
    /// at least two are kept and the rotation is full, the path of the oldest, which the write may build the new file
    /// out of: its backup is deleted first, since the oldest autosave is not kept either way); then deletes all but
    /// the newest <paramref name="kept"/>. The number is taken as the file is written, one above the highest on disk
    /// or used by this store, so two autosaves never get the same one. Returns the name.
    /// </summary>
    public string Write<TState>(int kept, TState state, Action<TState, string, string?> write)
    {
        lock (_rotating)
        {
            List(_onDisk);
            _lastNumber = Math.Max(_lastNumber, _onDisk.Count > 0 ? _onDisk[^1] : 0) + 1;
            string name = NameOf(_lastNumber);
            string? dropped = null;
            if (kept >= 2 && _onDisk.Count >= kept)
            {
                var oldest = NameOf(_onDisk[0]);
                dropped = files.PathOf(oldest);
                AtomicFile.DeleteQuietly(files.BackupPathOf(oldest));
            }

            write(state, name, dropped);
            _onDisk.Add(_lastNumber);
            for (var i = 0; i < _onDisk.Count - kept; i++)
            {
                Delete(NameOf(_onDisk[i]));
            }

            return name;
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

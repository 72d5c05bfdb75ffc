using System.Globalization;
using System.IO.Enumeration;
using Engine.Serialization.Errors;
using Engine.Serialization.IO;

namespace Engine.Serialization.Slots;

/// <summary>
/// Numbers a store's autosaves (autosave-000001, autosave-000002, ...) and deletes the oldest ones, with their backups
/// and lock files, so autosaving never overwrites the only good save and never fills the disk or the folder.
/// </summary>
internal sealed class AutosaveRotation(SlotFiles files)
{
    private const int NamesRemembered = 16;

    /// <summary>
    /// The highest autosave number. A slot named with a larger one ("autosave-2147483647") is an ordinary slot: counted
    /// as an autosave, it made the next number overflow into a name no listing took for an autosave again.
    /// </summary>
    internal const int MaxNumber = 99_999_999;

    /// <summary>The digits <see cref="NameOf"/> pads a number to ("autosave-000001").</summary>
    private const int NumberDigits = 6;
    private const int WritesWithoutListing = 16;

    // A folder that can't be listed is an error, not a folder without autosaves (EnumerationOptions ignore it by default).
    private static readonly EnumerationOptions Listing = new() { AttributesToSkip = 0, MatchType = MatchType.Simple, IgnoreInaccessible = false };

    private readonly Lock _rotating = new();
    private readonly List<int> _saves = [];
    private readonly Dictionary<int, AutosaveFiles> _onDisk = [];
    private readonly Dictionary<int, string> _names = [];
    // The numbers a cleanup is about to forget some files of, gathered while it walks _onDisk.
    private readonly List<int> _forgetting = [];
    private int _lastNumber;
    private bool _listed;
    private long _changesKnown = -1;
    private int _writesWithoutListing;

    /// <summary>
    /// The oldest autosave the last write retired, renamed to a temp name (durable with that write's folder flush): the
    /// next autosave is built in it, writing only the pages that changed since it was written, with no flush first.
    /// </summary>
    private string? _spare;

    /// <summary>The number of the autosave <see cref="_spare"/> was: its temp files are left to the next listing after it is used.</summary>
    private int _spareNumber;

    /// <summary>
    /// Writes the next autosave through <paramref name="write"/>, then deletes all but the newest
    /// <paramref name="kept"/>, all under the lock every process takes for the folder's autosaves: the number is taken
    /// as the file is written, one above the highest on disk or used by this store, so no two autosaves of any process
    /// get the same one. Returns the name.
    /// </summary>
    public string Write<TState>(int kept, TState state, Action<TState, AutosaveTarget> write)
    {
        lock (_rotating)
        {
            try
            {
                using var autosaves = files.LockAutosaves();
                try
                {
                    return Rotate(kept, state, write, autosaves);
                }
                finally
                {
                    _changesKnown = autosaves.CountChange();
                }
            }
            catch
            {
                _listed = false; // what is on disk now is not known
                _spare = null;
                _spareNumber = 0;
                throw;
            }
        }
    }

    private string Rotate<TState>(int kept, TState state, Action<TState, AutosaveTarget> write, ProcessLock autosaves)
    {
        var listed = ListUnlessUnchanged(autosaves);
        var highest = Math.Max(_lastNumber, _saves.Count > 0 ? _saves[^1] : 0);
        if (highest >= MaxNumber)
        {
            throw new SaveIOException(
                $"No autosave number is left: {NameOf(highest)} is the last one. Delete or rename it to autosave again.",
                files.PathOf(NameOf(highest)));
        }

        _lastNumber = highest + 1;
        string name = NameOf(_lastNumber);
        if (listed)
        {
            DeleteStaleTemps();
        }

        (string From, string To)? retire = null;
        if (kept >= 2 && _saves.Count >= kept)
        {
            // The oldest goes either way: renamed to be the next autosave's spare, after its backup is gone. Never with a
            // single autosave kept: a power cut could keep that rename and lose the new file's.
            var oldest = NameOf(_saves[0]);
            if (Has(_saves[0], AutosaveFiles.Backup))
            {
                AtomicFile.DeleteQuietly(files.BackupPathOf(oldest));
            }

            var oldestPath = files.PathOf(oldest);
            retire = (oldestPath, AtomicFile.TempPathFor(files.Directory, oldestPath));
        }

        // The write uses the spare or deletes it.
        var spare = _spare;
        _spare = null;
        write(state, new AutosaveTarget(name, spare, retire, MayHaveLeftovers: Has(_lastNumber, AutosaveFiles.Temp)));
        _spare = retire is { } retired && File.Exists(retired.To) ? retired.To : null;
        _spareNumber = _spare is null ? 0 : _saves[0];
        _saves.Add(_lastNumber);

        // A temp of its name the listing saw was deleted before the write.
        _onDisk[_lastNumber] = (_onDisk.GetValueOrDefault(_lastNumber) & ~AutosaveFiles.Temp) | AutosaveFiles.Save;
        var dropping = Math.Max(0, _saves.Count - kept);
        for (var i = 0; i < dropping; i++)
        {
            Delete(_saves[i]);
        }

        _saves.RemoveRange(0, dropping);
        DeleteStaleLocks(_saves.Count > 0 ? _saves[0] : int.MaxValue);
        return name;
    }

    /// <summary>
    /// Lists the folder unless no process changed an autosave since this rotation last did (each counts its changes in
    /// the lock file), and at least every <see cref="WritesWithoutListing"/> autosaves even so, for files changed by
    /// hand: the listing is what an autosave would otherwise allocate most for.
    /// </summary>
    private bool ListUnlessUnchanged(ProcessLock autosaves)
    {
        if (_listed && _writesWithoutListing < WritesWithoutListing && _changesKnown >= 0 && autosaves.ReadChanges() == _changesKnown)
        {
            _writesWithoutListing++;
            return false;
        }

        List();
        _listed = true;
        _writesWithoutListing = 0;
        return true;
    }

    /// <summary>
    /// Deletes the temp files of autosaves other than the one about to be written (whose write deletes its own): under
    /// the lock, no other write of an autosave is under way, so each is a dead write's or another store's spare, which
    /// that store then does without. This store's own spare stays, and with it (not listed again for it) any other temp
    /// of its number, until a listing after the spare is used.
    /// </summary>
    private void DeleteStaleTemps()
    {
        foreach (var (number, found) in _onDisk)
        {
            if ((found & AutosaveFiles.Temp) != 0 && number != _lastNumber && number != _spareNumber)
            {
                AtomicFile.DeleteLeftoverTemps(files.Directory, files.PathOf(NameOf(number)));
                _forgetting.Add(number);
            }
        }

        foreach (var number in _forgetting)
        {
            Forget(number, AutosaveFiles.Temp);
        }

        _forgetting.Clear();
    }

    /// <summary>Deletes an old autosave and its backup; the rotation forgets them (not a lock file: see <see cref="DeleteStaleLocks"/>).</summary>
    private void Delete(int number)
    {
        string old = NameOf(number);
        try
        {
            File.Delete(files.PathOf(old));
            if (Has(number, AutosaveFiles.Backup))
            {
                File.Delete(files.BackupPathOf(old));
            }
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new SaveIOException($"The autosave was written, but an old one could not be deleted ({e.Message}).", files.PathOf(old), e);
        }

        Forget(number, AutosaveFiles.Save | AutosaveFiles.Backup);
    }

    private void Forget(int number, AutosaveFiles gone)
    {
        var left = _onDisk.GetValueOrDefault(number) & ~gone;
        if (left == 0)
        {
            _onDisk.Remove(number);
        }
        else
        {
            _onDisk[number] = left;
        }
    }

    /// <summary>
    /// The lock files of autosaves older than the oldest kept, which each autosave left before they shared one; each
    /// is tried once (one still held stays until a listing finds it again).
    /// </summary>
    private void DeleteStaleLocks(int oldestKept)
    {
        foreach (var (number, found) in _onDisk)
        {
            if (number < oldestKept && (found & AutosaveFiles.Lock) != 0)
            {
                ProcessLock.DeleteIfFree(SlotFiles.OwnLockPath(files.PathOf(NameOf(number))));
                _forgetting.Add(number);
            }
        }

        foreach (var number in _forgetting)
        {
            Forget(number, AutosaveFiles.Lock);
        }

        _forgetting.Clear();
    }

    private bool Has(int number, AutosaveFiles kind) => _onDisk.TryGetValue(number, out var found) && (found & kind) != 0;

    private string NameOf(int number)
    {
        if (_names.TryGetValue(number, out var name))
        {
            return name;
        }

        if (_names.Count >= NamesRemembered)
        {
            _names.Clear();
        }

        return _names[number] = string.Create(CultureInfo.InvariantCulture, $"{SaveSlotStore.AutosavePrefix}{number:D6}");
    }

    /// <summary>Whether a slot's file name is an autosave's.</summary>
    public static bool IsAutosave(string fileName) => NumberOf(fileName) > 0;

    /// <summary>
    /// The autosave number a slot name holds, or 0 when it is none: only a name the rotation writes counts (six digits,
    /// or more without a leading zero, up to <see cref="MaxNumber"/>). "autosave-3" is an ordinary slot, not a second
    /// name of autosave-000003 that the rotation would count but never delete.
    /// </summary>
    private static int NumberOf(ReadOnlySpan<char> name)
    {
        if (!name.StartsWith(SaveSlotStore.AutosavePrefix, StringComparison.Ordinal))
        {
            return 0;
        }

        var digits = name[SaveSlotStore.AutosavePrefix.Length..];
        var written = digits.Length == NumberDigits || (digits.Length > NumberDigits && digits[0] != '0');
        return written && int.TryParse(digits, NumberStyles.None, CultureInfo.InvariantCulture, out int number) && number is > 0 and <= MaxNumber
            ? number
            : 0;
    }

    /// <summary>Lists the autosaves' files in one pass over the folder: the saves in order, and what lies beside each.</summary>
    private void List()
    {
        _saves.Clear();
        _onDisk.Clear();
        if (!Directory.Exists(files.Directory))
        {
            return;
        }

        try
        {
            using var listing = new AutosaveListing(files.Directory);
            while (listing.MoveNext())
            {
                var number = (int)listing.Current;
                var kind = (AutosaveFiles)(listing.Current >> 32);
                _onDisk[number] = _onDisk.GetValueOrDefault(number) | kind;
                if (kind == AutosaveFiles.Save)
                {
                    _saves.Add(number);
                }
            }
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw FileSystemRefusal.Unlisted(files.Directory, e);
        }

        _saves.Sort();
    }

    /// <summary>
    /// An autosave's file ("autosave-000001.sav", ".bak", ".lock", or a write's temp ".autosave-000001.sav.(id).tmp") as
    /// its kind in the high half and its number in the low; 0 for any other file.
    /// </summary>
    private static long Classify(ReadOnlySpan<char> fileName)
    {
        var temp = fileName.StartsWith('.') && fileName.EndsWith(AtomicFile.TempSuffix, StringComparison.Ordinal);
        var name = temp ? fileName[1..] : fileName;
        var extension = name.IndexOf('.');
        if (extension <= 0 || NumberOf(name[..extension]) is not (> 0 and var number))
        {
            return 0;
        }

        var rest = name[extension..];
        var kind = temp ? (rest.StartsWith(SaveSlotStore.FileExtension + ".", StringComparison.Ordinal) ? AutosaveFiles.Temp : 0)
            : rest.SequenceEqual(SaveSlotStore.FileExtension) ? AutosaveFiles.Save
            : rest.SequenceEqual(SaveSlotStore.FileExtension + SaveSlotStore.BackupExtension) ? AutosaveFiles.Backup
            : rest.SequenceEqual(SaveSlotStore.FileExtension + SaveSlotStore.LockExtension) ? AutosaveFiles.Lock
            : 0;
        return kind == 0 ? 0 : ((long)kind << 32) | (uint)number;
    }

    /// <summary>The autosaves' files of a folder, each as <see cref="Classify"/> gives it.</summary>
    private sealed class AutosaveListing(string folder) : FileSystemEnumerator<long>(folder, Listing)
    {
        protected override bool ShouldIncludeEntry(ref FileSystemEntry entry) => !entry.IsDirectory && Classify(entry.FileName) != 0;

        protected override long TransformEntry(ref FileSystemEntry entry) => Classify(entry.FileName);
    }

    [Flags]
    private enum AutosaveFiles
    {
        Save = 1,
        Backup = 2,
        Lock = 4,
        Temp = 8,
    }
}

/// <summary>
/// The autosave to write: its name; the rotation's spare file to build it in (<see cref="AtomicFile.Write"/>'s); the
/// oldest autosave to retire as the next spare, with its temp name; and whether the listing saw a temp file of this
/// name (a write that died), to clean up.
/// </summary>
internal readonly record struct AutosaveTarget(string Name, string? Spare, (string From, string To)? Retire, bool MayHaveLeftovers);

using Engine.Serialization.Errors;
using Engine.Serialization.IO;

namespace Engine.Serialization.Slots;

/// <summary>
/// Where a store's slots live on disk, "name.sav" for a slot's newest save and "name.sav.bak" for its backup,
/// all in one folder, and the writes and deletes of those files.
/// </summary>
internal sealed class SlotFiles(string directory)
{
    /// <summary>How long a save waits for another process's save to the same slot: far longer than any save takes.</summary>
    internal static readonly TimeSpan LockPatience = TimeSpan.FromMinutes(2);

    /// <summary>The lock every process takes to write or delete any autosave of the folder.</summary>
    internal const string AutosaveLock = "." + SaveSlotStore.AutosavePrefix + "lock";

    private string? _autosaveLock;

    /// <summary>The paths of the slots last used, so that saving to a slot again builds no strings; locked while used.</summary>
    private readonly Dictionary<string, SlotPaths> _paths = new(StringComparer.Ordinal);

    public string Directory { get; } = directory;

    private string AutosaveLockPath => _autosaveLock ??= string.Concat(Directory, FolderPath.SeparatorAfter(Directory), AutosaveLock);

    /// <summary>The file of a slot's newest save; throws an <see cref="ArgumentException"/> for a name no slot may have.</summary>
    public string PathOf(string slot) => PathsOf(slot).Save;

    public string BackupPathOf(string slot) => PathsOf(slot).Backup;

    /// <summary>The file whose lock every process takes while it writes or deletes the slot.</summary>
    public string LockPathOf(string slot) => PathsOf(slot).Lock;

    private SlotPaths PathsOf(string slot)
    {
        lock (_paths)
        {
            if (_paths.TryGetValue(slot, out var paths))
            {
                return paths;
            }

            if (_paths.Count >= 64)
            {
                _paths.Clear(); // autosaves take a new name each time: keep only the recent ones
            }

            var fileName = SlotFileName.Of(slot);
            var save = string.Concat(Directory, FolderPath.SeparatorAfter(Directory), fileName, SaveSlotStore.FileExtension);
            return _paths[slot] = new SlotPaths(save, AutosaveRotation.IsAutosave(fileName) ? AutosaveLockPath : null);
        }
    }

    /// <summary>
    /// The slots saved in the folder, by file name (without extension). Backups, temp files and files whose names no
    /// slot name maps to are left out. A folder that can't be listed is a <see cref="SaveIOException"/>, not an empty list.
    /// </summary>
    public List<(string FileName, string Path)> OnDisk()
    {
        if (!System.IO.Directory.Exists(Directory))
        {
            return [];
        }

        try
        {
            return [.. System.IO.Directory.EnumerateFiles(Directory, "*" + SaveSlotStore.FileExtension)
                .Select(path => (FileName: Path.GetFileNameWithoutExtension(path), Path: path))
                .Where(slot => SlotFileName.IsFileName(slot.FileName))];
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw FileSystemRefusal.Unlisted(Directory, e);
        }
    }

    /// <summary>Opens a slot's file to read it, as a file of the folder: a symbolic link in its place is refused.</summary>
    public static FileStream OpenToRead(string path)
    {
        FolderEntry.RefuseLink(path, "it was not read");
        return SaveFileReading.Open(path);
    }

    /// <summary>
    /// Replaces a slot's file with <paramref name="save"/>, keeping the previous one as the backup, under the slot's
    /// lock: a save by another process to the same slot waits for this one (the last one written wins), and a temp
    /// file found under the lock can only be a dead process's leftover.
    /// </summary>
    public void Write(string slot, ReadOnlySpan<byte> save, Action<WriteStep>? beforeStep)
    {
        using var slotLock = Lock(slot);
        try
        {
            WriteLocked(slot, save, beforeStep, spare: null, delta: null, retire: null, mayHaveLeftovers: true);
        }
        finally
        {
            slotLock.CountChange();
        }
    }

    /// <summary>
    /// <see cref="Write"/>, for a caller that holds the slot's lock (and counts the change); <paramref name="mayHaveLeftovers"/>
    /// is false when a listing of the folder under that lock saw no temp file of this slot. <paramref name="spare"/>,
    /// <paramref name="delta"/> and <paramref name="retire"/> are <see cref="AtomicFile.Write"/>'s.
    /// </summary>
    public void WriteLocked(
        string slot, ReadOnlySpan<byte> save, Action<WriteStep>? beforeStep, string? spare, IFileDelta? delta, (string From, string To)? retire, bool mayHaveLeftovers)
    {
        string path = PathOf(slot);
        if (mayHaveLeftovers)
        {
            AtomicFile.DeleteLeftoverTemps(Directory, path);
        }

        // No file, no backup: a new autosave builds no backup path. Under the lock no other writer can add the file.
        AtomicFile.Write(path, save, File.Exists(path) ? BackupPathOf(slot) : null, beforeStep, spare, delta, retire, Directory);
    }

    /// <summary>
    /// The lock a tool writing the save file <paramref name="savePath"/> takes, as a store would for its slot: the
    /// folder's autosave lock for an autosave, else the file's own.
    /// </summary>
    public static string LockPathFor(string savePath) =>
        AutosaveRotation.IsAutosave(Path.GetFileNameWithoutExtension(savePath))
            ? Path.Combine(Path.GetDirectoryName(Path.GetFullPath(savePath))!, AutosaveLock)
            : OwnLockPath(savePath);

    /// <summary>A save file's own lock file, beside it: every slot's but an autosave's (and every autosave's before they shared one).</summary>
    public static string OwnLockPath(string savePath) => savePath + SaveSlotStore.LockExtension;

    /// <summary>Takes the slot's lock (every autosave's is the folder's one autosave lock), creating the folder if needed.</summary>
    public ProcessLock Lock(string slot) => Lock(LockPathOf(slot), PathOf(slot));

    /// <summary>Takes the lock every autosave of the folder shares, creating the folder if needed.</summary>
    public ProcessLock LockAutosaves()
    {
        var path = AutosaveLockPath;
        return Lock(path, path);
    }

    private ProcessLock Lock(string lockPath, string savePath)
    {
        try
        {
            if (!System.IO.Directory.Exists(Directory))
            {
                System.IO.Directory.CreateDirectory(Directory);
            }
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new SaveIOException(
                File.Exists(Directory)
                    ? "The save folder's path names a file, not a folder; saves need a folder there."
                    : $"The save folder could not be created: {FileSystemRefusal.Explain(e)}.",
                Directory,
                e);
        }

        return ProcessLock.Acquire(lockPath, LockPatience, savePath);
    }

    /// <summary>Deletes a slot's save and its backup, under the slot's lock; false if it had neither.</summary>
    public bool Delete(string slot)
    {
        if (!FolderEntry.IsThere(PathOf(slot)) && !FolderEntry.IsThere(BackupPathOf(slot)))
        {
            return false;
        }

        using var slotLock = Lock(slot);
        try
        {
            return DeleteLocked(slot);
        }
        finally
        {
            slotLock.CountChange();
        }
    }

    private bool DeleteLocked(string slot)
    {
        bool existed = false;
        foreach (string path in (string[])[BackupPathOf(slot), PathOf(slot)])
        {
            if (!File.Exists(path))
            {
                continue;
            }

            try
            {
                File.Delete(path);
                existed = true;
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                throw new SaveIOException($"The save could not be deleted: {FileSystemRefusal.Explain(e)}.", path, e);
            }
        }

        return existed;
    }

    /// <summary>
    /// A slot's files; the backup's and the lock's paths are built when first asked for (an autosave's backup seldom
    /// is). Autosaves share one lock, <see cref="AutosaveLock"/>: a lock file each would stay behind for every autosave.
    /// </summary>
    private sealed class SlotPaths(string save, string? sharedLock)
    {
        public string Save { get; } = save;

        public string Backup => field ??= Save + SaveSlotStore.BackupExtension;

        public string Lock => field ??= sharedLock ?? OwnLockPath(Save);
    }
}

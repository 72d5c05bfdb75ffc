using System.Collections.Concurrent;
using System.Globalization;
using Engine.Serialization.Container;
using Engine.Serialization.Errors;
using Engine.Serialization.IO;
using Engine.Serialization.Models;

namespace Engine.Serialization.Slots;

/// <summary>
/// Named save slots in one folder, one file per slot. Saves to the same slot are written in the
/// order they were asked for and never interleave; saves to different slots run in parallel.
/// Knows nothing of formats: <see cref="SaveOptions"/> decides those.
/// </summary>
/// <typeparam name="T">The model saved: a <see cref="SaveModelAttribute"/> root.</typeparam>
public sealed class SaveSlotStore<T>
{
    private const string FileExtension = SaveSlotStore.FileExtension;
    private const string BackupExtension = SaveSlotStore.BackupExtension;
    private const string AutosavePrefix = SaveSlotStore.AutosavePrefix;

    private readonly ConcurrentDictionary<string, SlotQueue> _queues = new(StringComparer.Ordinal);
    private readonly Lock _autosaveNumbering = new();
    private readonly SaveModelCodec<T> _codec = SaveModels.Get<T>();

    public SaveSlotStore(string directory, SaveOptions? saveOptions = null, LoadOptions? loadOptions = null)
    {
        ArgumentException.ThrowIfNullOrEmpty(directory);
        Directory = Path.GetFullPath(directory);
        SaveOptions = saveOptions ?? SaveOptions.Default;
        LoadOptions = loadOptions ?? LoadOptions.Default;
    }

    public string Directory { get; }

    public SaveOptions SaveOptions { get; }

    public LoadOptions LoadOptions { get; }

    /// <summary>Opens a slot file for <see cref="List"/>; tests count the bytes it reads through this.</summary>
    internal Func<string, Stream> OpenForListing { get; init; } =
        path => new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, bufferSize: 1);

    /// <summary>Called before each step of a slot's file write; fault-injection tests throw from it.</summary>
    internal Action<WriteStep>? BeforeWriteStep { get; init; }

    /// <summary>How many rotating autosaves are kept; older ones are deleted after a newer one is written.</summary>
    public int AutosavesKept { get; init; } = 3;

    public string PathOf(string slot) => Path.Combine(Directory, SlotName.Normalize(slot) + FileExtension);

    public bool Exists(string slot) => File.Exists(PathOf(slot));

    public void Save(string slot, T content, SaveMetadata? metadata = null) =>
        SaveAsync(slot, content, metadata).GetAwaiter().GetResult();

    /// <summary>
    /// Encodes <paramref name="content"/> before returning (so the game may change it right away),
    /// then compresses and writes on a background thread. The task completes when the file is
    /// written, or fails with a <see cref="SaveException"/>.
    /// </summary>
    public Task SaveAsync(string slot, T content, SaveMetadata? metadata = null)
    {
        string name = SlotName.Normalize(slot);
        var prepared = PreparedSave<T>.Prepare(content, metadata, SaveOptions);
        return Enqueue(name, () => Write(name, prepared));
    }

    /// <inheritdoc cref="LoadAsync"/>
    public SlotLoadResult<T> Load(string slot) => LoadAsync(slot).GetAwaiter().GetResult();

    /// <summary>
    /// Loads a slot, after any save to it that is still being written. When the newest save is
    /// damaged (truncated, altered, empty, missing), loads the slot's backup instead and says so
    /// in the result; when both are damaged, throws a <see cref="SaveCorruptedException"/>.
    /// </summary>
    public async Task<SlotLoadResult<T>> LoadAsync(string slot, CancellationToken cancellationToken = default)
    {
        string name = SlotName.Normalize(slot);
        await WhenWritten(name).ConfigureAwait(false);
        string path = PathOf(name);
        string backup = BackupPathOf(name);
        if (!File.Exists(path) && !File.Exists(backup))
        {
            throw new SaveIOException($"There is no save in slot '{name}'.", path);
        }

        SaveException newestProblem;
        try
        {
            return new SlotLoadResult<T>(await SaveSerializer.LoadFromFileAsync<T>(path, LoadOptions, cancellationToken).ConfigureAwait(false), null);
        }
        catch (SaveException e) when (IsDamage(e) && File.Exists(backup))
        {
            newestProblem = e;
        }

        try
        {
            return new SlotLoadResult<T>(await SaveSerializer.LoadFromFileAsync<T>(backup, LoadOptions, cancellationToken).ConfigureAwait(false), newestProblem);
        }
        catch (SaveException e) when (IsDamage(e))
        {
            throw new SaveCorruptedException(
                $"The save in slot '{name}' and its backup are both damaged, so neither can be loaded (the save: {newestProblem.Reason} The backup, {backup}: {e.Reason})",
                path,
                e);
        }
    }

    /// <summary>Where a slot's previous save is kept; loads fall back to it when the newest is damaged.</summary>
    public string BackupPathOf(string slot) => PathOf(slot) + BackupExtension;

    /// <summary>Every slot in the folder, newest first, from headers and metadata only: no payload is read.</summary>
    public IReadOnlyList<SaveSlot> List()
    {
        if (!System.IO.Directory.Exists(Directory))
        {
            return [];
        }

        var slots = new List<SaveSlot>();
        foreach (string path in System.IO.Directory.EnumerateFiles(Directory, "*" + FileExtension))
        {
            string name = Path.GetFileNameWithoutExtension(path);
            if (!SlotName.IsValid(name))
            {
                continue;
            }

            try
            {
                using var file = OpenForListing(path);
                var info = SaveContainer.ReadInfo(file, LoadOptions);
                slots.Add(new SaveSlot(name, info, SaveReader.ForeignProblem(info, _codec.ModelId, LoadOptions)));
            }
            catch (SaveException e)
            {
                slots.Add(new SaveSlot(name, null, e.Message));
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                slots.Add(new SaveSlot(name, null, $"The save could not be read ({e.Message})."));
            }
        }

        return [.. slots.OrderByDescending(s => s.Info?.Metadata.SavedAtUtc ?? DateTime.MinValue).ThenBy(s => s.Name, StringComparer.Ordinal)];
    }

    /// <summary>Deletes a slot and its backup, after any save to it that is still being written. False if there was none.</summary>
    public bool Delete(string slot)
    {
        string name = SlotName.Normalize(slot);
        WhenWritten(name).GetAwaiter().GetResult();
        bool existed = false;
        foreach (string path in (string[])[BackupPathOf(name), PathOf(name)])
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
                throw new SaveIOException($"The save could not be deleted ({e.Message}); check the folder's permissions and try again.", path, e);
            }
        }

        return existed;
    }

    public Task QuickSaveAsync(T content, SaveMetadata? metadata = null) => SaveAsync(SaveSlotStore.QuickSlot, content, metadata);

    public SlotLoadResult<T> QuickLoad() => Load(SaveSlotStore.QuickSlot);

    /// <summary>
    /// Saves to a new autosave slot (autosave-000001, autosave-000002, ...) and, once it is
    /// written, deletes all but the newest <see cref="AutosavesKept"/>. Returns the slot's name.
    /// </summary>
    public Task<string> AutosaveAsync(T content, SaveMetadata? metadata = null)
    {
        string name;
        lock (_autosaveNumbering)
        {
            int next = AutosaveNumbers().DefaultIfEmpty(0).Max() + 1;
            name = AutosavePrefix + next.ToString("D6", CultureInfo.InvariantCulture);
            _queues.GetOrAdd(name, _ => new SlotQueue()); // reserves the number before the file exists
        }

        var prepared = PreparedSave<T>.Prepare(content, metadata, SaveOptions);
        return Enqueue(name, () =>
        {
            Write(name, prepared);
            DeleteOldAutosaves();
        }).ContinueWith(_ => name, CancellationToken.None, TaskContinuationOptions.OnlyOnRanToCompletion | TaskContinuationOptions.ExecuteSynchronously, TaskScheduler.Default);
    }

    /// <summary>Runs inside the slot's queue, so no other write of this process touches the slot meanwhile.</summary>
    private void Write(string name, PreparedSave<T> prepared)
    {
        try
        {
            System.IO.Directory.CreateDirectory(Directory);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new SaveIOException($"The save folder could not be created ({e.Message}); check that the disk is writable.", Directory, e);
        }

        string path = PathOf(name);
        foreach (string leftover in AtomicFile.LeftoverTemps(path))
        {
            AtomicFile.DeleteQuietly(leftover);
        }

        using var file = prepared.Encode();
        AtomicFile.Write(path, file.WrittenSpan, BackupPathOf(name), BeforeWriteStep);
    }

    /// <summary>
    /// Damage the backup may stand in for. A save from a newer game, an unknown format or one over
    /// the limits is intact, so falling back would silently lose the player's newest progress.
    /// </summary>
    private static bool IsDamage(SaveException e) =>
        e is SaveCorruptedException or NotASaveFileException || (e is SaveIOException && e.InnerException is FileNotFoundException);

    private Task Enqueue(string name, Action write)
    {
        var queue = _queues.GetOrAdd(name, _ => new SlotQueue());
        lock (queue)
        {
            var previous = queue.Tail;
            var task = WriteAfter(previous, write);
            queue.Tail = task;
            return task;
        }
    }

    /// <summary>Runs a write on the thread pool once the slot's earlier writes have finished, whatever their outcome.</summary>
    private static async Task WriteAfter(Task previous, Action write)
    {
        await previous.ContinueWith(_ => { }, CancellationToken.None, TaskContinuationOptions.ExecuteSynchronously, TaskScheduler.Default).ConfigureAwait(false);
        await Task.Run(write).ConfigureAwait(false);
    }

    private Task WhenWritten(string name)
    {
        if (!_queues.TryGetValue(name, out var queue))
        {
            return Task.CompletedTask;
        }

        lock (queue)
        {
            // Failures belong to the save's own caller; a load or delete only waits for it.
            return queue.Tail.ContinueWith(_ => { }, CancellationToken.None, TaskContinuationOptions.ExecuteSynchronously, TaskScheduler.Default);
        }
    }

    private IEnumerable<int> AutosaveNumbers()
    {
        foreach (string name in _queues.Keys.Concat(AutosavesOnDisk()))
        {
            if (name.StartsWith(AutosavePrefix, StringComparison.Ordinal)
                && int.TryParse(name.AsSpan(AutosavePrefix.Length), NumberStyles.None, CultureInfo.InvariantCulture, out int number))
            {
                yield return number;
            }
        }
    }

    private void DeleteOldAutosaves()
    {
        foreach (string old in AutosavesOnDisk().Order(StringComparer.Ordinal).SkipLast(AutosavesKept))
        {
            try
            {
                File.Delete(PathOf(old));
                File.Delete(BackupPathOf(old));
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                throw new SaveIOException($"The autosave was written, but an old one could not be deleted ({e.Message}).", PathOf(old), e);
            }
        }
    }

    private IEnumerable<string> AutosavesOnDisk() =>
        System.IO.Directory.Exists(Directory)
            ? System.IO.Directory.EnumerateFiles(Directory, AutosavePrefix + "*" + FileExtension)
                .Select(path => Path.GetFileNameWithoutExtension(path))
                .Where(SlotName.IsValid)
            : [];

    private sealed class SlotQueue
    {
        public Task Tail { get; set; } = Task.CompletedTask;
    }
}

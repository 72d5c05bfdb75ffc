using Engine.Serialization.Container;
using Engine.Serialization.Errors;
using Engine.Serialization.IO;
using Engine.Serialization.Models;
using Engine.Serialization.Snapshots;

namespace Engine.Serialization.Slots;

/// <summary>
/// Named save slots in one folder, one file per slot. Saves to the same slot are written in the
/// order they were asked for and never interleave; saves to different slots run in parallel.
/// Knows nothing of formats: <see cref="SaveOptions"/> decides those.
/// </summary>
/// <typeparam name="T">The model saved: a <see cref="SaveModelAttribute"/> root.</typeparam>
public sealed class SaveSlotStore<T>
{
    private readonly SlotFiles _files;
    private readonly SlotWriteQueue _writes = new();
    private readonly AutosaveRotation _autosaves;
    private readonly SaveModelCodec<T> _codec = SaveModels.Get<T>();
    private readonly SaveSnapshot<T> _snapshot;

    public SaveSlotStore(string directory, SaveOptions? saveOptions = null, LoadOptions? loadOptions = null)
    {
        ArgumentException.ThrowIfNullOrEmpty(directory);
        _files = new SlotFiles(Path.GetFullPath(directory));
        _autosaves = new AutosaveRotation(_files, _writes);
        _snapshot = new SaveSnapshot<T>(_codec);
        SaveOptions = saveOptions ?? SaveOptions.Default;
        LoadOptions = loadOptions ?? LoadOptions.Default;
    }

    public string Directory => _files.Directory;

    public SaveOptions SaveOptions { get; }

    public LoadOptions LoadOptions { get; }

    /// <summary>Opens a slot file for <see cref="List"/>; tests count the bytes it reads through this.</summary>
    internal Func<string, Stream> OpenForListing { get; init; } =
        path => SaveFileReading.Open(path);

    /// <summary>Called before each step of a slot's file write; fault-injection tests throw from it.</summary>
    internal Action<WriteStep>? BeforeWriteStep { get; init; }

    /// <summary>How many rotating autosaves are kept; older ones are deleted after a newer one is written.</summary>
    public int AutosavesKept { get; init; } = 3;

    public string PathOf(string slot) => _files.PathOf(slot);

    public bool Exists(string slot) => File.Exists(PathOf(slot));

    public void Save(string slot, T content, SaveMetadata? metadata = null) =>
        SaveAsync(slot, content, metadata).GetAwaiter().GetResult();

    /// <summary>
    /// Takes the state of <paramref name="content"/> before returning (so the game may change it right away): the
    /// store's snapshot of it is brought up to date, copying only what changed since the last save. Then encodes (again
    /// only what changed), compresses and writes on a background thread. The task completes when the file is written,
    /// or fails with a <see cref="SaveException"/>.
    /// </summary>
    public Task SaveAsync(string slot, T content, SaveMetadata? metadata = null)
    {
        string fileName = SlotFileName.Of(slot);
        var prepared = Prepare(slot, content, metadata);
        return _writes.Enqueue(fileName, () => Write(fileName, prepared));
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
        string fileName = SlotFileName.Of(slot);
        await _writes.WhenWritten(fileName).ConfigureAwait(false);
        return await SlotRecovery.LoadAsync<T>(_files, SlotFileName.Typed(slot), LoadOptions, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Where a slot's previous save is kept; loads fall back to it when the newest is damaged.</summary>
    public string BackupPathOf(string slot) => _files.BackupPathOf(slot);

    /// <summary>Every slot in the folder, newest first, from headers and metadata only: no payload is read.</summary>
    public IReadOnlyList<SaveSlot> List() => SlotListing.List(_files, OpenForListing, _codec.ModelId, LoadOptions);

    /// <summary>Deletes a slot and its backup, after any save to it that is still being written. False if there was none.</summary>
    public bool Delete(string slot)
    {
        string fileName = SlotFileName.Of(slot);
        _writes.WhenWritten(fileName).GetAwaiter().GetResult();
        return _files.Delete(fileName);
    }

    public Task QuickSaveAsync(T content, SaveMetadata? metadata = null) => SaveAsync(SaveSlotStore.QuickSlot, content, metadata);

    public SlotLoadResult<T> QuickLoad() => Load(SaveSlotStore.QuickSlot);

    /// <summary>
    /// Saves to a new autosave slot (autosave-000001, autosave-000002, ...) and, once it is
    /// written, deletes all but the newest <see cref="AutosavesKept"/>. Returns the slot's name.
    /// </summary>
    public Task<string> AutosaveAsync(T content, SaveMetadata? metadata = null)
    {
        string name = _autosaves.ReserveNext();
        var prepared = Prepare(name, content, metadata);
        return Named(_writes.Enqueue(name, () => _autosaves.Write(name, AutosavesKept, dropped => Write(name, prepared, dropped))), name);
    }

    /// <summary>The slot's name once its write completes; the write's failure when it fails.</summary>
    private static async Task<string> Named(Task written, string name)
    {
        await written.ConfigureAwait(false);
        return name;
    }

    /// <summary>
    /// Snapshots <paramref name="content"/> now, into a save that records the slot's name as typed, for the listing: in
    /// the store's snapshot when no other save holds it, else in a copy of its own.
    /// </summary>
    private SlotSave Prepare(string slot, T content, SaveMetadata? metadata)
    {
        ArgumentNullException.ThrowIfNull(content);
        var stamped = SaveMetadata.For(content, metadata);
        stamped.SlotName = SlotFileName.Typed(slot);
        return _snapshot.TryTake(content)
            ? new SlotSave(null, stamped)
            : new SlotSave(PreparedSave<T>.Prepare(content, stamped, SaveOptions), stamped);
    }

    /// <summary>
    /// Runs inside the slot's queue, so no other write of this process touches the slot meanwhile. A save from the
    /// store's snapshot may be written over <paramref name="dropped"/>, a file of this store that goes once it is written.
    /// </summary>
    private void Write(string fileName, SlotSave save, string? dropped = null)
    {
        if (save.Copy is { } copy)
        {
            using var file = copy.Encode();
            _files.Write(fileName, file.WrittenSpan, BeforeWriteStep);
            return;
        }

        try
        {
            _files.Write(fileName, _snapshot.Encode(save.Metadata, SaveOptions), BeforeWriteStep, dropped, _snapshot);
        }
        finally
        {
            _snapshot.Release();
        }
    }

    /// <summary>A save on its way to the write thread: a copy of its own, or (null) the store's snapshot.</summary>
    private sealed record SlotSave(PreparedSave<T>? Copy, SaveMetadata Metadata);
}

using Engine.Serialization.Container;
using Engine.Serialization.Errors;
using Engine.Serialization.IO;
using Engine.Serialization.Internal;
using Engine.Serialization.Models;
using Engine.Serialization.Snapshots;

namespace Engine.Serialization.Slots;

/// <summary>
/// Named save slots in one folder, one file per slot. Saves are written one at a time, in the
/// order they were asked for, so they never interleave.
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
        _autosaves = new AutosaveRotation(_files);
        _snapshot = new SaveSnapshot<T>(_codec);
        LoadOptions = loadOptions ?? LoadOptions.Default;

        // A slot's saves are loaded with the store's options, so no save beyond their limits is written.
        var save = saveOptions ?? SaveOptions.Default;
        SaveOptions = ReferenceEquals(save.LoadedWith, LoadOptions) ? save : save with { LoadedWith = LoadOptions };
    }

    public string Directory => _files.Directory;

    public SaveOptions SaveOptions { get; }

    public LoadOptions LoadOptions { get; }

    /// <summary>Opens a slot file for <see cref="List"/> and <see cref="ReadThumbnail"/>; tests count the bytes they read through this.</summary>
    internal Func<string, Stream> OpenForListing { get; init; } = SlotFiles.OpenToRead;

    /// <summary>Called before each step of a slot's file write; fault-injection tests throw from it.</summary>
    internal Action<WriteStep>? BeforeWriteStep { get; init; }

    /// <summary>How many rotating autosaves are kept, at least one; older ones are deleted after a newer one is written.</summary>
    public int AutosavesKept
    {
        get;
        init
        {
            // Fewer would delete each autosave as soon as it is written.
            ArgumentOutOfRangeException.ThrowIfLessThan(value, 1);
            field = value;
        }
    } = 3;

    public string PathOf(string slot) => _files.PathOf(slot);

    /// <summary>Whether the slot has a save; a folder that can't be read to say is a <see cref="SaveIOException"/>.</summary>
    public bool Exists(string slot) => FolderEntry.IsThere(PathOf(slot));

    public void Save(string slot, T content, SaveMetadata? metadata = null) =>
        SaveAsync(slot, content, metadata).GetAwaiter().GetResult();

    /// <summary>
    /// Takes the state of <paramref name="content"/> before returning (so the game may change it right away): the
    /// store's snapshot of it is brought up to date, copying only what changed since the last save. Then encodes (again
    /// only what changed), compresses and writes on a background thread. The task completes when the file is written,
    /// or fails with a <see cref="SaveException"/>. A name no slot may have, or one of the engine's own slots (an
    /// autosave's, the quick save's), throws an <see cref="ArgumentException"/>.
    /// </summary>
    public Task SaveAsync(string slot, T content, SaveMetadata? metadata = null) =>
        Enqueue(SlotFileName.ForSave(slot), SlotFileName.Typed(slot), content, metadata);

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

    /// <summary>
    /// Every slot in the folder, newest first, from headers and metadata only: no payload is read, and thumbnails are
    /// left on disk (<see cref="ReadThumbnail"/>), so the list's memory doesn't grow with them.
    /// </summary>
    public IReadOnlyList<SaveSlot> List() => SlotListing.List(_files, OpenForListing, _codec.ModelId, LoadOptions);

    /// <summary>
    /// The thumbnail of a slot's save (<see cref="SaveMetadata.Thumbnail"/>; empty when it has none), read from its file
    /// now: <see cref="List"/> leaves thumbnails on disk and gives only their length (<see cref="SaveInfo.ThumbnailLength"/>).
    /// The metadata block is checked as a load checks it, within <see cref="LoadOptions.MaxMetadataBytes"/>, and the
    /// payload is not read. A slot with no save throws a <see cref="SaveIOException"/>, a damaged save a
    /// <see cref="SaveCorruptedException"/>: the backup doesn't stand in, since the list shows such a slot as unreadable.
    /// </summary>
    public byte[] ReadThumbnail(string slot)
    {
        string path = PathOf(slot);
        if (!FolderEntry.IsThere(path))
        {
            throw new SaveIOException($"There is no save in slot '{SlotFileName.Typed(slot)}'.", path);
        }

        return SaveReader.ReadThumbnail(path, OpenForListing, LoadOptions);
    }

    /// <summary>Deletes a slot and its backup, after any save to it that is still being written. False if there was none.</summary>
    public bool Delete(string slot)
    {
        string fileName = SlotFileName.Of(slot);
        _writes.WhenWritten(fileName).GetAwaiter().GetResult();
        return _files.Delete(fileName);
    }

    /// <summary>Saves to the quick save's slot, <see cref="SaveSlotStore.QuickSlot"/>, which <see cref="SaveAsync"/> can't name.</summary>
    public Task QuickSaveAsync(T content, SaveMetadata? metadata = null) =>
        Enqueue(SaveSlotStore.QuickSlot, SaveSlotStore.QuickSlot, content, metadata);

    public SlotLoadResult<T> QuickLoad() => Load(SaveSlotStore.QuickSlot);

    /// <summary>
    /// Saves to a new autosave slot (autosave-000001, autosave-000002, ...) and, once it is
    /// written, deletes all but the newest <see cref="AutosavesKept"/>. Returns the slot's name.
    /// </summary>
    public Task<string> AutosaveAsync(T content, SaveMetadata? metadata = null)
    {
        try
        {
            return _writes.Enqueue(Prepare(fileName: null, typedName: null, content, metadata));
        }
        catch (SaveException refused)
        {
            return Task.FromException<string>(refused);
        }
    }

    private Task Enqueue(string fileName, string typedName, T content, SaveMetadata? metadata)
    {
        try
        {
            return _writes.Enqueue(Prepare(fileName, typedName, content, metadata));
        }
        catch (SaveException refused)
        {
            return Task.FromException(refused);
        }
    }

    /// <summary>
    /// Snapshots <paramref name="content"/> now, into a save that records the slot's name as typed, for the listing: in
    /// the store's snapshot when no other save holds it, else in a copy of its own. An autosave (no names) is named as
    /// it is written. What the snapshot refuses (a null the model does not allow, a cycle, a callback's refusal) the
    /// callers return as their task's failure, as they do the write's own.
    /// </summary>
    private SlotSaveWrite Prepare(string? fileName, string? typedName, T content, SaveMetadata? metadata)
    {
        ArgumentNullException.ThrowIfNull(content);
        metadata = (metadata ?? new SaveMetadata()) with { SlotName = typedName ?? "" };
        if (_snapshot.TryTake(content, metadata))
        {
            return new SlotSaveWrite(this, fileName, null, _snapshot.Metadata);
        }

        var stamped = SaveMetadata.For(content, metadata);
        return new SlotSaveWrite(this, fileName, PreparedSave<T>.Prepare(content, stamped, SaveOptions), stamped);
    }

    /// <summary>
    /// Runs in the write queue, so no other write of this process touches the slot meanwhile. An autosave from the
    /// store's snapshot may be written in the spare file its rotation keeps.
    /// </summary>
    private void Write(string fileName, PreparedSave<T>? copy, SaveMetadata metadata, AutosaveTarget? autosave = null)
    {
        if (copy is not null)
        {
            using var file = copy.Encode(metadata);
            WriteFile(fileName, file.WrittenSpan, autosave, delta: null);
            return;
        }

        try
        {
            WriteFile(fileName, _snapshot.Encode(metadata, SaveOptions), autosave, _snapshot);
        }
        finally
        {
            _snapshot.Release();
        }
    }

    /// <summary>An autosave is written under the autosaves' lock the rotation holds, in its spare when it can.</summary>
    private void WriteFile(string fileName, ReadOnlySpan<byte> save, AutosaveTarget? autosave, IFileDelta? delta)
    {
        if (autosave is { } target)
        {
            _files.WriteLocked(fileName, save, BeforeWriteStep, target.Spare, delta, target.Retire, target.MayHaveLeftovers);
        }
        else
        {
            _files.Write(fileName, save, BeforeWriteStep);
        }
    }

    /// <summary>A save on its way to the write thread: a copy of its own, or (null) the store's snapshot.</summary>
    private sealed class SlotSaveWrite(SaveSlotStore<T> store, string? fileName, PreparedSave<T>? copy, SaveMetadata metadata)
        : SlotWrite(fileName)
    {
        protected override string Write()
        {
            if (Slot is { } slot)
            {
                store.Write(slot, copy, metadata);
                return slot;
            }

            return store._autosaves.Write(store.AutosavesKept, this, static (save, target) => save.WriteAutosave(target));
        }

        /// <summary>Writes an autosave under the name chosen as it is written, which its metadata records too.</summary>
        private void WriteAutosave(AutosaveTarget target)
        {
            store.Write(target.Name, copy, metadata with { SlotName = target.Name }, target);
        }
    }
}

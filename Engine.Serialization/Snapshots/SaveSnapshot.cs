using System.Buffers;
using System.Buffers.Binary;
using Engine.Serialization.Compression;
using Engine.Serialization.Container;
using Engine.Serialization.Formats;
using Engine.Serialization.IO;
using Engine.Serialization.Internal;
using MessagePack;
using Microsoft.Win32.SafeHandles;

namespace Engine.Serialization.Snapshots;

/// <summary>
/// A store's copy of the game, kept from one save to the next. On the game's thread a save only refreshes it (the
/// generated <c>Refresh</c> compares the game with it and copies what differs, so the game may change right after);
/// on the write thread it encodes again only what changed, into the image of the last file, which stays byte for byte
/// what a full encode of the copy would write. One save uses it at a time: a save asked for while another still
/// encodes takes a full copy of its own instead (<see cref="PreparedSave{T}"/>). It also remembers the last files it
/// wrote, so that a write may build the new file out of one of them by writing only the pages that changed since.
/// </summary>
internal sealed class SaveSnapshot<T> : IFileDelta
{
    /// <summary>More files than a store drops before it writes over one (its rotating autosaves).</summary>
    private const int FilesRemembered = 8;

    private readonly WrittenFile[] _written = new WrittenFile[FilesRemembered];
    private int _nextWritten;
    private readonly SaveModelCodec<T> _codec;
    private readonly SnapshotChanges _changes = new();
    private readonly SaveImage _image;
    private readonly ArrayBufferWriter<byte> _section = new();
    private readonly List<ImageEdit> _edits = [];
    private T _copy = default!;
    private int _busy;

    public SaveSnapshot(SaveModelCodec<T> codec)
    {
        _codec = codec;
        _image = new SaveImage(codec.SectionKeys);
    }

    /// <summary>How many saves were encoded whole (the first, and any the image could not take): for the tests.</summary>
    internal int WholeEncodes { get; private set; }

    /// <summary>The metadata of the save that holds the snapshot, taken from the game with it.</summary>
    public SaveMetadata Metadata { get; private set; } = new();

    /// <summary>
    /// Refreshes the copy and <see cref="Metadata"/> from the game (and <paramref name="given"/>), on the caller's
    /// thread; false when another save still holds them.
    /// </summary>
    public bool TryTake(T content, SaveMetadata? given)
    {
        if (Interlocked.Exchange(ref _busy, 1) == 1)
        {
            return false;
        }

        try
        {
            Metadata = SaveMetadata.For(content, given);
            _codec.Refresh(content, ref _copy, _changes);
            return true;
        }
        catch (Exception e)
        {
            // A refresh that stopped halfway left a copy no one can trust.
            _copy = default!;
            _changes.Clear();
            _image.Invalidate();
            Release();
            if (CodecSupport.NestingRefusalIn(e) is { } refusal)
            {
                throw CodecSupport.CycleRefusal(_codec, content, e) ?? refusal;
            }

            if (CodecSupport.IsGameCodeFailure(e))
            {
                throw CodecSupport.GameCodeFailed(e);
            }

            throw;
        }
    }

    /// <summary>Lets the next save take the copy; after the file is written, as the image is what it wrote.</summary>
    public void Release() => Volatile.Write(ref _busy, 0);

    /// <summary>
    /// Encodes the save file of the copy, again only where the copy changed when it can; the bytes stay valid until
    /// <see cref="Release"/>. <paramref name="metadata"/> is the save's own, taken from the game at the call.
    /// </summary>
    public ReadOnlySpan<byte> Encode(SaveMetadata metadata, SaveOptions options)
    {
        using var snapshot = CodecSupport.EnterSnapshot();
        var sectioned = options is { Format: SaveFormat.MessagePack, Compression: SaveCompression.None } && _codec.SectionKeys.Count > 0;
        try
        {
            if (sectioned && _image.IsBuilt && !_changes.All && TryEncodeChanges(metadata, options))
            {
                return _image.Bytes;
            }

            _image.Invalidate();
            WholeEncodes++;
            using var file = SaveWriter.Encode(_copy, metadata, options);
            _image.Build(file.WrittenSpan, sectioned);
            return _image.Bytes;
        }
        finally
        {
            _changes.Clear();
        }
    }

    /// <summary>
    /// Encodes the changed sections and the metadata one after another, then has the image replace them all in one pass
    /// and rewrite the header; false (the image forgotten) when anything fails or does not fit, and then the full encode
    /// finds and reports what is wrong.
    /// </summary>
    private bool TryEncodeChanges(SaveMetadata metadata, SaveOptions options)
    {
        try
        {
            if (_codec.SchemaVersionOf(_copy) is { } own && own != _codec.SchemaVersion)
            {
                return false;
            }

            _image.NextVersion();
            _edits.Clear();
            _section.ResetWrittenCount();
            for (var i = 0; i < _changes.Members.Count; i++)
            {
                if (!AddEdit(_changes.Members[i], -1))
                {
                    return false;
                }
            }

            // Both come member by member, in the root's order; a member may have changed elements, a new length or both.
            var elements = _changes.Elements;
            var resized = _changes.ResizedLists;
            for (int run = 0, next = 0; run < elements.Count || next < resized.Count;)
            {
                var member = Math.Min(
                    run < elements.Count ? elements[run].Member : int.MaxValue, next < resized.Count ? resized[next].Member : int.MaxValue);
                var end = run;
                while (end < elements.Count && elements[end].Member == member)
                {
                    end++;
                }

                var (before, after) = next < resized.Count && resized[next].Member == member ? (resized[next].Before, resized[next++].After) : (-1, -1);
                if (!AddListEdits(member, run, end, before, after))
                {
                    return false;
                }

                run = end;
            }

            var metadataOffset = _section.WrittenCount;
            SaveContainer.EncodeMetadata(metadata.Stamped(_codec.ModelId, options.GameId), _section);
            _edits.Add(new ImageEdit(
                SaveContainer.HeaderSize, _image.PayloadStart, metadataOffset, _section.WrittenCount - metadataOffset, ImageEditKind.Metadata, -1));
            _image.Apply(_edits, _section.WrittenSpan);
            _image.WriteHeader(options.Format, _codec.SchemaVersion, options.LoadedWith);
            return true;
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            _image.Invalidate();
            return false;
        }
    }

    /// <summary>
    /// The pages to write over a file this snapshot wrote, known by its length, time of last write and header (whose
    /// checksums cover the rest): those the image changed since. Called while a save holds the snapshot.
    /// </summary>
    public IReadOnlyList<(int Start, int End)>? ChangesFrom(SafeFileHandle file)
    {
        Span<byte> header = stackalloc byte[SaveContainer.HeaderSize];
        var length = RandomAccess.GetLength(file);
        var lastWrite = File.GetLastWriteTimeUtc(file);
        if (RandomAccess.Read(file, header, 0) != header.Length)
        {
            return null;
        }

        var found = new WrittenFile(0, length, lastWrite, HeaderChecksum(header), PayloadChecksum(header));
        foreach (var written in _written)
        {
            if (written.Length > 0 && written with { Version = 0 } == found)
            {
                return _image.ChangedSince(written.Version);
            }
        }

        return null;
    }

    /// <summary>Remembers the file just written from the image, replacing the oldest remembered.</summary>
    public void Written(SafeFileHandle file)
    {
        var header = _image.Bytes[..SaveContainer.HeaderSize];
        _written[_nextWritten] = new WrittenFile(
            _image.Version, RandomAccess.GetLength(file), File.GetLastWriteTimeUtc(file), HeaderChecksum(header), PayloadChecksum(header));
        _nextWritten = (_nextWritten + 1) % FilesRemembered;
    }

    private static uint HeaderChecksum(ReadOnlySpan<byte> header) =>
        BinaryPrimitives.ReadUInt32LittleEndian(header[SaveContainer.HeaderChecksumOffset..]);

    private static ulong PayloadChecksum(ReadOnlySpan<byte> header) =>
        BinaryPrimitives.ReadUInt64LittleEndian(header[SaveContainer.PayloadChecksumOffset..]);

    /// <summary>
    /// The edits of one root list: the elements that changed (<c>[run, end)</c> of the changes) and, when its length
    /// changed from <paramref name="before"/> to <paramref name="after"/>, its array header and the elements added at or
    /// removed from its end. When that is most of the list, the whole list is encoded instead, which costs less than
    /// as many sections.
    /// </summary>
    private bool AddListEdits(int member, int run, int end, int before, int after)
    {
        var length = before < 0 ? _image.ElementCount(member) : after;
        if (before >= 0 && _image.ElementCount(member) != before)
        {
            return false;
        }

        if (2 * ((end - run) + Math.Abs(after - before)) > length)
        {
            return AddEdit(member, -1);
        }

        if (before >= 0)
        {
            if (_image.MemberRange(member) is not { } range || _image.ElementStart(member, 0) is not { } first)
            {
                return false;
            }

            var offset = _section.WrittenCount;
            var writer = new MessagePackWriter(_section);
            writer.WriteArrayHeader(after);
            writer.Flush();
            _edits.Add(new ImageEdit(range.Start, first, offset, _section.WrittenCount - offset, ImageEditKind.Member, member));
        }

        for (var i = run; i < end; i++)
        {
            if (!AddEdit(member, _changes.Elements[i].Element))
            {
                return false;
            }
        }

        return before < 0 || AddEnd(member, before, after);
    }

    /// <summary>The elements a root list gained at its end (encoded in place of nothing), or the ones it lost (replaced by nothing).</summary>
    private bool AddEnd(int member, int before, int after)
    {
        if (_image.ElementStart(member, Math.Min(before, after)) is not { } from || _image.ElementStart(member, before) is not { } to)
        {
            return false;
        }

        var offset = _section.WrittenCount;
        for (var element = before; element < after; element++)
        {
            Encode(member, element);
        }

        _edits.Add(new ImageEdit(from, to, offset, _section.WrittenCount - offset, ImageEditKind.Element, member));
        return true;
    }

    /// <summary>
    /// Encodes a root member's value (<paramref name="element"/> -1) or one element of it after the sections of this
    /// save, and notes where it goes in the image; false when the image has no such section.
    /// </summary>
    private bool AddEdit(int member, int element)
    {
        if ((element < 0 ? _image.MemberRange(member) : _image.ElementRange(member, element)) is not { } range)
        {
            return false;
        }

        var offset = _section.WrittenCount;
        Encode(member, element);
        var kind = element < 0 ? ImageEditKind.Member : ImageEditKind.Element;
        _edits.Add(new ImageEdit(range.Start, range.End, offset, _section.WrittenCount - offset, kind, member));
        return true;
    }

    private void Encode(int member, int element)
    {
        var writer = new MessagePackWriter(_section);
        _codec.WriteSection(ref writer, _copy, member, element);
        writer.Flush();
    }

    /// <summary>A file the snapshot wrote: the image version it holds, and what identifies it on disk.</summary>
    private readonly record struct WrittenFile(int Version, long Length, DateTime LastWrite, uint HeaderChecksum, ulong PayloadChecksum);
}

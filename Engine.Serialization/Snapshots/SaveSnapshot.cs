using System.Buffers;
using Engine.Serialization.Compression;
using Engine.Serialization.Container;
using Engine.Serialization.Formats;
using Engine.Serialization.Models;
using MessagePack;

namespace Engine.Serialization.Snapshots;

/// <summary>
/// A store's copy of the game, kept from one save to the next. On the game's thread a save only refreshes it (the
/// generated <c>Refresh</c> compares the game with it and copies what differs, so the game may change right after);
/// on the write thread it encodes again only what changed, into the image of the last file, which stays byte for byte
/// what a full encode of the copy would write. One save uses it at a time: a save asked for while another still
/// encodes takes a full copy of its own instead (<see cref="PreparedSave{T}"/>).
/// </summary>
internal sealed class SaveSnapshot<T>
{
    private readonly SaveModelCodec<T> _codec;
    private readonly SnapshotChanges _changes = new();
    private readonly SaveImage _image;
    private readonly ArrayBufferWriter<byte> _section = new();
    private T _copy = default!;
    private int _busy;

    public SaveSnapshot(SaveModelCodec<T> codec)
    {
        _codec = codec;
        _image = new SaveImage(codec.SectionKeys);
    }

    /// <summary>How many saves were encoded whole (the first, and any the image could not take): for the tests.</summary>
    internal int WholeEncodes { get; private set; }

    /// <summary>Refreshes the copy from the game, on the caller's thread; false when another save still holds it.</summary>
    public bool TryTake(T content)
    {
        if (Interlocked.Exchange(ref _busy, 1) == 1)
        {
            return false;
        }

        try
        {
            _codec.Refresh(content, ref _copy, _changes);
            return true;
        }
        catch
        {
            // A refresh that stopped halfway left a copy no one can trust.
            _copy = default!;
            _changes.Clear();
            _image.Invalidate();
            Release();
            throw;
        }
    }

    /// <summary>Lets the next save take the copy; after the file is written, as the image is what it wrote.</summary>
    public void Release() => Volatile.Write(ref _busy, 0);

    /// <summary>Encodes the save file of the copy, again only where the copy changed when it can; the bytes stay valid until <see cref="Release"/>.</summary>
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
    /// Replaces the changed sections, the metadata and the header; false (the image forgotten) when anything fails or
    /// does not fit, and then the full encode finds and reports what is wrong.
    /// </summary>
    private bool TryEncodeChanges(SaveMetadata metadata, SaveOptions options)
    {
        try
        {
            if (_codec.SchemaVersionOf(_copy) is { } own && own != _codec.SchemaVersion)
            {
                return false;
            }

            foreach (var member in _changes.Members)
            {
                if (_image.MemberRange(member) is not { } range)
                {
                    return false;
                }

                _image.Replace(range.Start, range.End, EncodeSection(member, -1), rescan: member);
            }

            foreach (var (member, element) in _changes.Elements)
            {
                if (_image.ElementRange(member, element) is not { } range)
                {
                    return false;
                }

                _image.Replace(range.Start, range.End, EncodeSection(member, element));
            }

            var stamped = SaveMetadata.For(_copy, metadata).With(_codec.ModelId, options.GameId);
            _image.ReplaceMetadata(SaveContainer.EncodeMetadata(stamped));
            _image.WriteHeader(options.Format, _codec.SchemaVersion);
            return true;
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            _image.Invalidate();
            return false;
        }
    }

    private ReadOnlySpan<byte> EncodeSection(int member, int element)
    {
        _section.ResetWrittenCount();
        var writer = new MessagePackWriter(_section);
        _codec.WriteSection(ref writer, _copy, member, element);
        writer.Flush();
        return _section.WrittenSpan;
    }
}

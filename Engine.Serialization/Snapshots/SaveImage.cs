using System.Buffers.Binary;
using Engine.Serialization.Container;
using MessagePack;

namespace Engine.Serialization.Snapshots;

/// <summary>
/// The bytes of the last save file a store wrote (MessagePack, uncompressed), with where each root member's value and
/// each element of a root array lies in them, so that a save can replace only what changed.
/// </summary>
internal sealed class SaveImage
{
    /// <summary>Changes are tracked per 4 KiB, the page the OS writes a file in.</summary>
    private const int PageShift = 12;

    private readonly Dictionary<string, int> _memberIndex = new(StringComparer.Ordinal);
    private readonly List<(int Start, int End)> _changes = [];
    private int[] _pageVersions = [];
    private int _builtVersion;
    private byte[] _bytes = [];
    private int[] _memberStart = [];
    private int[] _memberEnd = [];
    private int[]?[] _elementStarts = [];
    private int[] _elementCounts = [];
    private byte[] _spare = [];
    private readonly List<(int End, int Moved)> _shifts = [];

    // The payload's chunk checksums (PayloadChecksum) as of version _chunksVersion, for a payload that started and
    // ended where _chunksStart and _chunksLength say: a chunk none of whose pages changed since keeps its checksum.
    private ulong[] _chunks = [];
    private int _chunksVersion = -1;
    private int _chunksStart = -1;
    private int _chunksLength = -1;

    public SaveImage(IReadOnlyList<string> memberKeys)
    {
        for (var i = 0; i < memberKeys.Count; i++)
        {
            _memberIndex[memberKeys[i]] = i;
        }
    }

    /// <summary>Whether the image holds a save to build on.</summary>
    public bool IsBuilt { get; private set; }

    public int Length { get; private set; }

    public ReadOnlySpan<byte> Bytes => _bytes.AsSpan(0, Length);

    public int MetadataLength { get; private set; }

    public int PayloadStart => SaveContainer.HeaderSize + MetadataLength;

    /// <summary>Counts the saves the image held: each page knows the last one that changed it.</summary>
    public int Version { get; private set; }

    /// <summary>Starts the next save, whose replacements mark the pages they change.</summary>
    public void NextVersion() => Version++;

    /// <summary>
    /// The ranges (whole pages, merged) that changed after the image was at <paramref name="version"/>; null when the
    /// image was built anew since.
    /// </summary>
    public IReadOnlyList<(int Start, int End)>? ChangedSince(int version)
    {
        if (version < _builtVersion || version > Version)
        {
            return null;
        }

        _changes.Clear();
        var pages = PageCount(Length);
        for (var page = 0; page < pages; page++)
        {
            if (_pageVersions[page] <= version)
            {
                continue;
            }

            var start = page << PageShift;
            var end = Math.Min(start + (1 << PageShift), Length);
            if (_changes.Count > 0 && _changes[^1].End == start)
            {
                _changes[^1] = (_changes[^1].Start, end);
            }
            else
            {
                _changes.Add((start, end));
            }
        }

        return _changes;
    }

    /// <summary>Forgets the save, so that the next one is encoded whole.</summary>
    public void Invalidate() => IsBuilt = false;

    /// <summary>
    /// Takes a whole save file; finds its sections in the payload when <paramref name="sectioned"/> (a MessagePack,
    /// uncompressed save of an object root), and is built only if it found them.
    /// </summary>
    public void Build(ReadOnlySpan<byte> file, bool sectioned)
    {
        EnsureCapacity(file.Length);
        file.CopyTo(_bytes);
        Length = file.Length;
        _builtVersion = ++Version;
        Mark(0, Length);
        MetadataLength = BinaryPrimitives.ReadInt32LittleEndian(file[SaveContainer.MetadataLengthOffset..]);
        if (!sectioned)
        {
            IsBuilt = false;
            return;
        }

        var members = _memberIndex.Count;
        if (_memberStart.Length != members)
        {
            _memberStart = new int[members];
            _memberEnd = new int[members];
            _elementStarts = new int[members][];
            _elementCounts = new int[members];
        }

        _memberStart.AsSpan().Fill(-1);
        _memberEnd.AsSpan().Fill(-1);
        _elementCounts.AsSpan().Fill(-1);
        IsBuilt = FindSections();
    }

    /// <summary>Where a root member's value lies, or null when the payload lacks it.</summary>
    public (int Start, int End)? MemberRange(int member) =>
        _memberStart[member] < 0 ? null : (_memberStart[member], _memberEnd[member]);

    /// <summary>Where element <paramref name="element"/> of a root array starts (its end, for the array's length); null when there is no such place.</summary>
    public int? ElementStart(int member, int element) =>
        _elementStarts[member] is { } starts && element >= 0 && element <= _elementCounts[member] ? starts[element] : null;

    /// <summary>How many elements the root array <paramref name="member"/> holds; -1 when it holds no array.</summary>
    public int ElementCount(int member) => _elementCounts[member];

    /// <summary>Where one element of a root array lies, or null when the member holds no array that long.</summary>
    public (int Start, int End)? ElementRange(int member, int element)
    {
        var starts = _elementStarts[member];
        return starts is null || element >= _elementCounts[member] ? null : (starts[element], starts[element + 1]);
    }

    /// <summary>
    /// Applies one save's edits (sorted by start here; none may overlap) in one pass: in place when no length changes,
    /// else by building the image anew from the first length change on (<see cref="Rebuild"/>), the unchanged parts
    /// between the new bytes, and moving every section's place by the lengths changed before it. Edits one at a time
    /// would move the whole rest of the image for each (a log that lost its first message changes every element).
    /// </summary>
    public void Apply(List<ImageEdit> edits, ReadOnlySpan<byte> encoded)
    {
        edits.Sort(static (a, b) => a.Start.CompareTo(b.Start));
        var resized = false;
        for (var i = 0; i < edits.Count; i++)
        {
            if (i > 0 && edits[i].Start < edits[i - 1].End)
            {
                throw new InvalidOperationException("Two edits of the save image overlap.");
            }

            resized |= edits[i].Length != edits[i].End - edits[i].Start;
        }

        if (resized)
        {
            Rebuild(edits, encoded);
        }
        else
        {
            foreach (var edit in edits)
            {
                Replace(edit.Start, encoded.Slice(edit.Offset, edit.Length));
            }
        }

        foreach (var edit in edits)
        {
            if (edit.Kind == ImageEditKind.Metadata)
            {
                MetadataLength = edit.Length;
            }
            else if (edit.Kind == ImageEditKind.Member)
            {
                var reader = new MessagePackReader(_bytes.AsMemory(_memberStart[edit.Member], _memberEnd[edit.Member] - _memberStart[edit.Member]));
                FindElements(ref reader, edit.Member, _memberStart[edit.Member]);
            }
        }
    }

    private void Rebuild(List<ImageEdit> edits, ReadOnlySpan<byte> encoded)
    {
        var length = Length;
        var first = -1;
        _shifts.Clear();
        for (var i = 0; i < edits.Count; i++)
        {
            var edit = edits[i];
            length += edit.Length - (edit.End - edit.Start);
            _shifts.Add((edit.End, length - Length));
            first = first < 0 && edit.Length != edit.End - edit.Start ? i : first;
        }

        // What lies before the first edit that changes a length stays in place. When that is most of the image, the
        // rest is built in the spare buffer and copied back (the log at the end of a save); else all of it is built
        // there and the buffers swap.
        var kept = 2 * (Length - edits[first].Start) < Length ? edits[first].Start : 0;
        var from = kept > 0 ? first : 0;
        for (var i = 0; i < from; i++)
        {
            var edit = edits[i];
            Replace(edit.Start, encoded.Slice(edit.Offset, edit.Length));
        }

        if (_spare.Length < length - kept)
        {
            _spare = GC.AllocateUninitializedArray<byte>(Math.Max(length - kept, length + (length / 8)));
        }

        int read = kept, written = 0, moved = 0;
        for (var i = from; i < edits.Count; i++)
        {
            var edit = edits[i];
            Copy(read, edit.Start, ref written, moved != 0);
            encoded.Slice(edit.Offset, edit.Length).CopyTo(_spare.AsSpan(written));
            MarkNew(kept + written, kept + written + edit.Length, length);
            written += edit.Length;
            read = edit.End;
            moved += edit.Length - (edit.End - edit.Start);
        }

        Copy(read, Length, ref written, moved != 0);
        if (kept == 0)
        {
            (_bytes, _spare) = (_spare, _bytes);
        }
        else
        {
            EnsureCapacity(length);
            _spare.AsSpan(0, written).CopyTo(_bytes.AsSpan(kept));
        }

        Length = length;
        for (var i = 0; i < _memberStart.Length; i++)
        {
            _memberStart[i] = Moved(_memberStart[i]);
            _memberEnd[i] = Moved(_memberEnd[i]);
            if (_elementStarts[i] is { } starts)
            {
                for (var e = 0; e <= _elementCounts[i]; e++)
                {
                    starts[e] = Moved(starts[e]);
                }
            }
        }

        void Copy(int start, int end, ref int at, bool shifted)
        {
            _bytes.AsSpan(start, end - start).CopyTo(_spare.AsSpan(at));
            if (shifted)
            {
                MarkNew(kept + at, kept + at + (end - start), length);
            }

            at += end - start;
        }
    }

    /// <summary>
    /// Writes <paramref name="fresh"/> over the bytes at <paramref name="start"/>, marking only the pages it changes: a
    /// room encoded again after one flag flipped is tens of pages, of which one differs, and each page marked is written
    /// to the file and flushed to disk again.
    /// </summary>
    private void Replace(int start, ReadOnlySpan<byte> fresh)
    {
        var end = start + fresh.Length;
        for (var at = start; at < end;)
        {
            var pageEnd = Math.Min(((at >> PageShift) + 1) << PageShift, end);
            var part = fresh.Slice(at - start, pageEnd - at);
            var old = _bytes.AsSpan(at, pageEnd - at);
            if (!part.SequenceEqual(old))
            {
                part.CopyTo(old);
                Mark(at, pageEnd);
            }

            at = pageEnd;
        }
    }

    /// <summary>Where an offset of the image before <see cref="Rebuild"/> lies after it: moved by the edits that end at or before it.</summary>
    private int Moved(int offset)
    {
        if (offset < 0)
        {
            return offset;
        }

        int low = 0, high = _shifts.Count;
        while (low < high)
        {
            var middle = (low + high) >> 1;
            if (_shifts[middle].End <= offset)
            {
                low = middle + 1;
            }
            else
            {
                high = middle;
            }
        }

        return low == 0 ? offset : offset + _shifts[low - 1].Moved;
    }

    /// <summary>Rewrites the header, whose checksums cover the rest.</summary>
    public void WriteHeader(Formats.SaveFormat format, int schemaVersion, LoadOptions loadedWith)
    {
        var bytes = _bytes.AsSpan(0, Length);
        Mark(0, SaveContainer.HeaderSize);
        SaveContainer.WriteHeader(
            bytes[..SaveContainer.HeaderSize],
            format,
            Compression.SaveCompression.None,
            schemaVersion,
            bytes[SaveContainer.HeaderSize..PayloadStart],
            bytes[PayloadStart..],
            Length - PayloadStart,
            loadedWith,
            PayloadChecksumOfChanges());
    }

    /// <summary>
    /// The payload's checksum, hashing again only the chunks that changed since it was last taken: all of them when the
    /// payload moved (the metadata changed length), the last one when the payload's length changed, and each chunk
    /// with a page changed since.
    /// </summary>
    private ulong PayloadChecksumOfChanges()
    {
        var payload = _bytes.AsSpan(PayloadStart, Length - PayloadStart);
        var count = PayloadChecksum.ChunkCount(payload.Length);
        var known = _chunksStart == PayloadStart ? Math.Min(PayloadChecksum.ChunkCount(_chunksLength), count) : 0;
        if (_chunksLength != payload.Length && known > 0)
        {
            known--;
        }

        if (_chunks.Length < count)
        {
            Array.Resize(ref _chunks, Math.Max(count, _chunks.Length + (_chunks.Length / 8)));
        }

        for (var chunk = 0; chunk < count; chunk++)
        {
            var start = PayloadStart + (chunk * PayloadChecksum.ChunkSize);
            var end = Math.Min(start + PayloadChecksum.ChunkSize, Length);
            if (chunk >= known || ChangedAfter(start, end, _chunksVersion))
            {
                _chunks[chunk] = PayloadChecksum.OfChunk(payload, chunk);
            }
        }

        _chunksVersion = Version;
        _chunksStart = PayloadStart;
        _chunksLength = payload.Length;
        return PayloadChecksum.Combine(_chunks.AsSpan(0, count));
    }

    /// <summary>Whether a page holding any of <c>[start, end)</c> changed after <paramref name="version"/>.</summary>
    private bool ChangedAfter(int start, int end, int version)
    {
        for (var page = start >> PageShift; page <= (end - 1) >> PageShift; page++)
        {
            if (_pageVersions[page] > version)
            {
                return true;
            }
        }

        return false;
    }

    private void EnsureCapacity(int length)
    {
        if (_bytes.Length < length)
        {
            var grown = GC.AllocateUninitializedArray<byte>(Math.Max(length, _bytes.Length + (_bytes.Length / 8)));
            _bytes.AsSpan(0, Length).CopyTo(grown);
            _bytes = grown;
        }
    }

    private static int PageCount(int length) => (length + (1 << PageShift) - 1) >> PageShift;

    /// <summary>Notes that the pages holding <c>[start, end)</c> changed in this version.</summary>
    private void Mark(int start, int end) => MarkNew(start, end, Length);

    /// <summary><see cref="Mark"/>, in an image <paramref name="length"/> bytes long.</summary>
    private void MarkNew(int start, int end, int length)
    {
        if (_pageVersions.Length < PageCount(length))
        {
            Array.Resize(ref _pageVersions, PageCount(Math.Max(length, _bytes.Length)));
        }

        if (end > start)
        {
            _pageVersions.AsSpan(start >> PageShift, ((end - 1) >> PageShift) - (start >> PageShift) + 1).Fill(Version);
        }
    }

    /// <summary>The root map's members and, for those that hold arrays, their elements; false when the root is no map.</summary>
    private bool FindSections()
    {
        var start = PayloadStart;
        var reader = new MessagePackReader(_bytes.AsMemory(start, Length - start));
        if (reader.NextMessagePackType != MessagePackType.Map)
        {
            return false;
        }

        var count = reader.ReadMapHeader();
        for (var i = 0; i < count; i++)
        {
            var key = reader.ReadString();
            var member = key is not null && _memberIndex.TryGetValue(key, out var index) ? index : -1;
            if (member >= 0)
            {
                _memberStart[member] = start + (int)reader.Consumed;
                var elements = reader;
                FindElements(ref elements, member, start);
            }

            reader.Skip();
            if (member >= 0)
            {
                _memberEnd[member] = start + (int)reader.Consumed;
            }
        }

        return true;
    }

    /// <summary>Records where a member's array elements start, the reader at its value and started <paramref name="offset"/> bytes into the image.</summary>
    private void FindElements(ref MessagePackReader reader, int member, int offset)
    {
        if (reader.NextMessagePackType != MessagePackType.Array)
        {
            _elementCounts[member] = -1;
            _elementStarts[member] = null;
            return;
        }

        var count = reader.ReadArrayHeader();
        var starts = _elementStarts[member];
        if (starts is null || starts.Length < count + 1)
        {
            starts = _elementStarts[member] = new int[count + 1];
        }

        for (var e = 0; e < count; e++)
        {
            starts[e] = offset + (int)reader.Consumed;
            reader.Skip();
        }

        starts[count] = offset + (int)reader.Consumed;
        _elementCounts[member] = count;
    }
}

internal enum ImageEditKind
{
    /// <summary>One element of a root array, the array keeping its length.</summary>
    Element,

    /// <summary>A root member's whole value: where its elements lie is found again.</summary>
    Member,

    /// <summary>The metadata block, in front of the payload.</summary>
    Metadata,
}

/// <summary>Replace <c>[Start, End)</c> of the image with <c>Length</c> bytes found at <c>Offset</c> of the encoded sections.</summary>
internal readonly record struct ImageEdit(int Start, int End, int Offset, int Length, ImageEditKind Kind, int Member);

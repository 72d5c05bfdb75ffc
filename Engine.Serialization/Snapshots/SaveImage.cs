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

    /// <summary>Where one element of a root array lies, or null when the member holds no array that long.</summary>
    public (int Start, int End)? ElementRange(int member, int element)
    {
        var starts = _elementStarts[member];
        return starts is null || element >= _elementCounts[member] ? null : (starts[element], starts[element + 1]);
    }

    /// <summary>
    /// Replaces <c>[start, end)</c> with <paramref name="bytes"/>, moving what follows when the length differs, and keeps
    /// every section's place. <paramref name="rescan"/> names a member whose value this replaced whole.
    /// </summary>
    public void Replace(int start, int end, ReadOnlySpan<byte> bytes, int rescan = -1)
    {
        var delta = bytes.Length - (end - start);
        if (delta != 0)
        {
            EnsureCapacity(Length + delta);
            _bytes.AsSpan(end, Length - end).CopyTo(_bytes.AsSpan(end + delta));
            Length += delta;
            Shift(end, delta);
            Mark(start, Length);
            bytes.CopyTo(_bytes.AsSpan(start));
        }
        else if (!bytes.SequenceEqual(_bytes.AsSpan(start, bytes.Length)))
        {
            Mark(start, end);
            bytes.CopyTo(_bytes.AsSpan(start));
        }

        if (rescan >= 0)
        {
            var reader = new MessagePackReader(_bytes.AsMemory(start, bytes.Length));
            FindElements(ref reader, rescan, start);
        }
    }

    /// <summary>Replaces the metadata block, in front of the payload.</summary>
    public void ReplaceMetadata(ReadOnlySpan<byte> metadata)
    {
        Replace(SaveContainer.HeaderSize, PayloadStart, metadata);
        MetadataLength = metadata.Length;
    }

    /// <summary>Rewrites the header, whose checksums cover the rest.</summary>
    public void WriteHeader(Formats.SaveFormat format, int schemaVersion)
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
            Length - PayloadStart);
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
    private void Mark(int start, int end)
    {
        if (_pageVersions.Length < PageCount(Length))
        {
            Array.Resize(ref _pageVersions, PageCount(_bytes.Length));
        }

        if (end > start)
        {
            _pageVersions.AsSpan(start >> PageShift, ((end - 1) >> PageShift) - (start >> PageShift) + 1).Fill(Version);
        }
    }

    private void Shift(int from, int delta)
    {
        for (var i = 0; i < _memberStart.Length; i++)
        {
            _memberStart[i] += _memberStart[i] >= from ? delta : 0;
            _memberEnd[i] += _memberEnd[i] >= from ? delta : 0;
            if (_elementStarts[i] is { } starts)
            {
                for (var e = 0; e <= _elementCounts[i]; e++)
                {
                    starts[e] += starts[e] >= from ? delta : 0;
                }
            }
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

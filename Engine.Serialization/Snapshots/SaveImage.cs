using Engine.Serialization.Container;
using MessagePack;

namespace Engine.Serialization.Snapshots;

/// <summary>
/// The bytes of the last save file a store wrote (MessagePack, uncompressed), with where each root member's value and
/// each element of a root array lies in them, so that a save can replace only what changed; and which byte ranges
/// changed in each version, so that a file written from an older version can be brought up to date by writing only those.
/// </summary>
internal sealed class SaveImage
{
    /// <summary>How many versions' changes are remembered; a file older than that is written whole.</summary>
    private const int VersionsRemembered = 16;

    private readonly Dictionary<string, int> _memberIndex = new(StringComparer.Ordinal);
    private readonly Queue<(long Version, int From, int To)> _changes = new();
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

    /// <summary>Counts the image's versions; each save that changes it makes a new one.</summary>
    public long Version { get; private set; }

    public int Length { get; private set; }

    public ReadOnlySpan<byte> Bytes => _bytes.AsSpan(0, Length);

    public int MetadataLength { get; private set; }

    public int PayloadStart => SaveContainer.HeaderSize + MetadataLength;

    public ReadOnlySpan<byte> Payload => Bytes[PayloadStart..];

    /// <summary>Forgets the save, so that the next one is encoded whole.</summary>
    public void Invalidate() => IsBuilt = false;

    /// <summary>Takes a whole save file, finding its sections in the payload.</summary>
    public void Build(ReadOnlySpan<byte> file, int metadataLength)
    {
        EnsureCapacity(file.Length);
        file.CopyTo(_bytes);
        Length = file.Length;
        MetadataLength = metadataLength;
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
        Changed(0, int.MaxValue);
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
        if (delta == 0)
        {
            var old = _bytes.AsSpan(start, bytes.Length);
            if (!old.SequenceEqual(bytes))
            {
                bytes.CopyTo(old);
                Changed(start, end);
            }
        }
        else
        {
            EnsureCapacity(Length + delta);
            _bytes.AsSpan(end, Length - end).CopyTo(_bytes.AsSpan(end + delta));
            bytes.CopyTo(_bytes.AsSpan(start));
            Length += delta;
            Shift(end, delta);
            Changed(start, int.MaxValue);
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

    /// <summary>Rewrites the header (its checksums cover the rest); a header always counts as changed.</summary>
    public void WriteHeader(Formats.SaveFormat format, int schemaVersion)
    {
        var bytes = _bytes.AsSpan(0, Length);
        SaveContainer.WriteHeader(
            bytes[..SaveContainer.HeaderSize],
            format,
            Compression.SaveCompression.None,
            schemaVersion,
            bytes[SaveContainer.HeaderSize..PayloadStart],
            bytes[PayloadStart..],
            Length - PayloadStart);
        Changed(0, SaveContainer.HeaderSize);
    }

    /// <summary>Ends the current version: the next change starts a new one.</summary>
    public void Seal() => Version++;

    /// <summary>
    /// The byte ranges changed since <paramref name="version"/> (merged, in order), or null when they are no longer
    /// known: then everything counts as changed.
    /// </summary>
    public List<(int From, int To)>? ChangedSince(long version)
    {
        if (_changes.Count == 0 || version < _changes.Peek().Version - 1 || version >= Version)
        {
            return version == Version ? [] : null;
        }

        var ranges = new List<(int From, int To)>();
        foreach (var change in _changes)
        {
            if (change.Version > version)
            {
                ranges.Add((change.From, Math.Min(change.To, Length)));
            }
        }

        ranges.Sort();
        var merged = new List<(int From, int To)>(ranges.Count);
        foreach (var range in ranges)
        {
            if (merged.Count > 0 && range.From <= merged[^1].To)
            {
                merged[^1] = (merged[^1].From, Math.Max(merged[^1].To, range.To));
            }
            else
            {
                merged.Add(range);
            }
        }

        return merged;
    }

    private void Changed(int from, int to)
    {
        while (_changes.Count > 0 && _changes.Peek().Version < Version + 1 - VersionsRemembered)
        {
            _changes.Dequeue();
        }

        _changes.Enqueue((Version + 1, from, to));
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
            var valueStart = start + (int)reader.Consumed;
            if (key is not null && _memberIndex.TryGetValue(key, out var member))
            {
                _memberStart[member] = valueStart;
                var elements = reader;
                FindElements(ref elements, member, start);
            }

            reader.Skip();
            if (key is not null && _memberIndex.TryGetValue(key, out member))
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

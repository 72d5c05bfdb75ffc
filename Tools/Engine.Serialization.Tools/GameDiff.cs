using Engine.Serialization.Text;
using MessagePack;

namespace Engine.Serialization.Tools;

/// <summary>
/// The members whose values differ between two games in their MessagePack form, one line each: objects are compared
/// member by member whatever their order, lists item by item, and a list of plain values (a height grid's cells) in
/// one line that counts its differing items.
/// </summary>
internal sealed class GameDiff(TextWriter output)
{
    public int Differences { get; private set; }

    public void Compare(ReadOnlyMemory<byte> a, ReadOnlyMemory<byte> b) => CompareValues(a, b, "");

    private void CompareValues(ReadOnlyMemory<byte> a, ReadOnlyMemory<byte> b, string path)
    {
        var typeA = new MessagePackReader(a).NextMessagePackType;
        var typeB = new MessagePackReader(b).NextMessagePackType;
        if (typeA == MessagePackType.Map && typeB == MessagePackType.Map)
        {
            CompareObjects(a, b, path);
        }
        else if (typeA == MessagePackType.Array && typeB == MessagePackType.Array)
        {
            CompareLists(a, b, path);
        }
        else if (!SameValue(a, b))
        {
            Report(path, $"{MessagePackJson.Short(a)} -> {MessagePackJson.Short(b)}");
        }
    }

    private void CompareObjects(ReadOnlyMemory<byte> a, ReadOnlyMemory<byte> b, string path)
    {
        var membersA = Members(a);
        var membersB = Members(b);
        var inB = new Dictionary<string, ReadOnlyMemory<byte>>(StringComparer.Ordinal);
        foreach (var (key, value) in membersB)
        {
            inB.TryAdd(key, value);
        }

        var inA = new HashSet<string>(StringComparer.Ordinal);
        foreach (var (key, value) in membersA)
        {
            if (!inA.Add(key))
            {
                continue;
            }

            if (inB.TryGetValue(key, out var other))
            {
                CompareValues(value, other, MemberPath.Member(path, key));
            }
            else
            {
                Report(MemberPath.Member(path, key), $"{MessagePackJson.Short(value)} -> (absent)");
            }
        }

        foreach (var (key, value) in membersB.Where(member => !inA.Contains(member.Key)))
        {
            Report(MemberPath.Member(path, key), $"(absent) -> {MessagePackJson.Short(value)}");
        }
    }

    private void CompareLists(ReadOnlyMemory<byte> a, ReadOnlyMemory<byte> b, string path)
    {
        var itemsA = Items(a);
        var itemsB = Items(b);
        if (itemsA.Count != itemsB.Count)
        {
            Report(path, $"{itemsA.Count:N0} items -> {itemsB.Count:N0} items");
        }

        int common = Math.Min(itemsA.Count, itemsB.Count);
        if (!itemsA.Concat(itemsB).All(IsPlain))
        {
            for (int i = 0; i < common; i++)
            {
                CompareValues(itemsA[i], itemsB[i], MemberPath.Item(path, i));
            }

            return;
        }

        int first = -1;
        int differing = 0;
        for (int i = 0; i < common; i++)
        {
            if (!SameValue(itemsA[i], itemsB[i]))
            {
                first = first < 0 ? i : first;
                differing++;
            }
        }

        if (differing > 0)
        {
            Report(path, $"{differing:N0} of {common:N0} items differ, first {MemberPath.Item(path, first)}: "
                + $"{MessagePackJson.Short(itemsA[first])} -> {MessagePackJson.Short(itemsB[first])}");
        }
    }

    private void Report(string path, string difference)
    {
        output.WriteLine($"{(path.Length == 0 ? "(the game)" : SaveText.Visible(path))}: {SaveText.Visible(difference)}");
        Differences++;
    }

    private static List<(string Key, ReadOnlyMemory<byte> Value)> Members(ReadOnlyMemory<byte> map)
    {
        var reader = new MessagePackReader(map);
        int count = reader.ReadMapHeader();
        var members = new List<(string, ReadOnlyMemory<byte>)>(count);
        for (int i = 0; i < count; i++)
        {
            string key = MemberPath.KeyText(ref reader);
            members.Add((key, Next(ref reader, map)));
        }

        return members;
    }

    private static List<ReadOnlyMemory<byte>> Items(ReadOnlyMemory<byte> array)
    {
        var reader = new MessagePackReader(array);
        int count = reader.ReadArrayHeader();
        var items = new List<ReadOnlyMemory<byte>>(count);
        for (int i = 0; i < count; i++)
        {
            items.Add(Next(ref reader, array));
        }

        return items;
    }

    private static ReadOnlyMemory<byte> Next(ref MessagePackReader reader, ReadOnlyMemory<byte> within)
    {
        long start = reader.Consumed;
        reader.Skip();
        return within.Slice((int)start, (int)(reader.Consumed - start));
    }

    private static bool IsPlain(ReadOnlyMemory<byte> value) =>
        new MessagePackReader(value).NextMessagePackType is not (MessagePackType.Map or MessagePackType.Array);

    /// <summary>The same bytes, or the same number however it is encoded (a NaN equals a NaN).</summary>
    private static bool SameValue(ReadOnlyMemory<byte> a, ReadOnlyMemory<byte> b)
    {
        if (a.Span.SequenceEqual(b.Span))
        {
            return true;
        }

        var readerA = new MessagePackReader(a);
        var readerB = new MessagePackReader(b);
        return (readerA.NextMessagePackType, readerB.NextMessagePackType) switch
        {
            (MessagePackType.Integer, MessagePackType.Integer) => Integer(ref readerA) == Integer(ref readerB),
            (MessagePackType.Float, MessagePackType.Float) => readerA.ReadDouble().Equals(readerB.ReadDouble()),
            _ => false,
        };
    }

    private static Int128 Integer(ref MessagePackReader reader) =>
        reader.NextCode == MessagePackCode.UInt64 ? (Int128)reader.ReadUInt64() : reader.ReadInt64();
}

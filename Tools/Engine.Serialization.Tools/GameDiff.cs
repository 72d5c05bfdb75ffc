using Engine.Serialization.Text;
using Engine.Serialization.Models;
using MessagePack;

namespace Engine.Serialization.Tools;

/// <summary>
/// The members whose values differ between two games in their MessagePack form, one line each, named as
/// <see cref="MemberPath"/> names them: objects are compared member by member whatever their order, dictionaries
/// entry by entry, lists item by item, a union's case before its members, and a list or grid of plain values (a height
/// grid's cells) in one line that counts its differing items. Through the model's shape when there is one (values in
/// its terms: an enum's names, a union's case); without it, by the form's own structure.
/// </summary>
internal sealed class GameDiff(TextWriter output)
{
    public int Differences { get; private set; }

    public void Compare(ReadOnlyMemory<byte> a, ReadOnlyMemory<byte> b, SaveShape? root) => CompareValues(a, b, "", root);

    private void CompareValues(ReadOnlyMemory<byte> a, ReadOnlyMemory<byte> b, string path, SaveShape? shape)
    {
        if (shape?.Kind is SaveShapeKind.Union or SaveShapeKind.Nullable)
        {
            var (innerA, shapeA, caseA) = SavedValues.Unwrap(a, shape);
            var (innerB, _, caseB) = SavedValues.Unwrap(b, shape);
            if (caseA?.Key != caseB?.Key || shapeA?.Kind is SaveShapeKind.Union or SaveShapeKind.Nullable || IsNil(innerA) != IsNil(innerB))
            {
                ReportUnlessSame(a, b, path, shape);
            }
            else
            {
                CompareValues(innerA, innerB, path, shapeA);
            }

            return;
        }

        var typeA = new MessagePackReader(a).NextMessagePackType;
        var typeB = new MessagePackReader(b).NextMessagePackType;
        switch (shape?.Kind)
        {
            case SaveShapeKind.Dictionary when typeA == MessagePackType.Map && typeB == MessagePackType.Map:
                CompareEntries(a, b, path, shape);
                break;
            case SaveShapeKind.Grid when typeA == MessagePackType.Array && typeB == MessagePackType.Array:
                CompareGrids(a, b, path, shape);
                break;
            case SaveShapeKind.Components when typeA == MessagePackType.Array && typeB == MessagePackType.Array:
                var parts = shape.Members;
                CompareItems(Items(a), Items(b), path, i => MemberPath.Member(path, i < parts.Count ? parts[i].Name : $"[{i}]"), i => i < parts.Count ? parts[i].Shape : null, summed: false);
                break;
            case SaveShapeKind.Object or null or SaveShapeKind.Custom when typeA == MessagePackType.Map && typeB == MessagePackType.Map:
                CompareObjects(a, b, path, shape?.Kind == SaveShapeKind.Object ? shape : null);
                break;
            case SaveShapeKind.Sequence or null or SaveShapeKind.Custom when typeA == MessagePackType.Array && typeB == MessagePackType.Array:
                CompareItems(Items(a), Items(b), path, i => MemberPath.Item(path, i), _ => shape?.Element, summed: true);
                break;
            default:
                ReportUnlessSame(a, b, path, shape);
                break;
        }
    }

    private void CompareObjects(ReadOnlyMemory<byte> a, ReadOnlyMemory<byte> b, string path, SaveShape? shape)
    {
        var inB = new Dictionary<string, ReadOnlyMemory<byte>>(StringComparer.Ordinal);
        foreach (var (key, value) in Members(b))
        {
            inB.TryAdd(key, value);
        }

        var inA = new HashSet<string>(StringComparer.Ordinal);
        foreach (var (key, value) in Members(a))
        {
            if (!inA.Add(key))
            {
                continue;
            }

            var member = shape?.Members.FirstOrDefault(m => m.Key == key);
            string at = member is null ? MemberPath.MemberOrKey(path, key) : MemberPath.Member(path, member.Name);
            if (inB.TryGetValue(key, out var other))
            {
                CompareValues(value, other, at, member?.Shape);
            }
            else
            {
                Report(at, $"{SavedValues.Short(value, member?.Shape)} -> (absent)");
            }
        }

        foreach (var (key, value) in Members(b).Where(member => !inA.Contains(member.Key)))
        {
            var member = shape?.Members.FirstOrDefault(m => m.Key == key);
            Report(member is null ? MemberPath.MemberOrKey(path, key) : MemberPath.Member(path, member.Name), $"(absent) -> {SavedValues.Short(value, member?.Shape)}");
        }
    }

    private void CompareEntries(ReadOnlyMemory<byte> a, ReadOnlyMemory<byte> b, string path, SaveShape shape)
    {
        var entriesA = Entries(a, shape.Key);
        var inB = new Dictionary<string, ReadOnlyMemory<byte>>(StringComparer.Ordinal);
        foreach (var (key, value) in Entries(b, shape.Key))
        {
            inB.TryAdd(key, value);
        }

        var inA = new HashSet<string>(StringComparer.Ordinal);
        foreach (var (key, value) in entriesA.Where(entry => inA.Add(entry.Key)))
        {
            if (inB.TryGetValue(key, out var other))
            {
                CompareValues(value, other, $"{path}[{key}]", shape.Element);
            }
            else
            {
                Report($"{path}[{key}]", $"{SavedValues.Short(value, shape.Element)} -> (absent)");
            }
        }

        foreach (var (key, value) in inB.Where(entry => !inA.Contains(entry.Key)))
        {
            Report($"{path}[{key}]", $"(absent) -> {SavedValues.Short(value, shape.Element)}");
        }
    }

    private void CompareGrids(ReadOnlyMemory<byte> a, ReadOnlyMemory<byte> b, string path, SaveShape shape)
    {
        var (lengthsA, cellsA) = Grid(a, shape.Rank);
        var (lengthsB, cellsB) = Grid(b, shape.Rank);
        if (!lengthsA.SequenceEqual(lengthsB))
        {
            Report(path, $"{string.Join(" x ", lengthsA)} cells -> {string.Join(" x ", lengthsB)} cells");
            return;
        }

        CompareItems(Items(cellsA), Items(cellsB), path, i => MemberPath.Cell(path, lengthsA, i), _ => shape.Element, summed: true);
    }

    /// <summary>
    /// Items compared one by one, each at <paramref name="itemPath"/>; when <paramref name="summed"/> and every item is a
    /// plain value (no object or list), in one line that counts the differing ones and shows the first.
    /// </summary>
    private void CompareItems(List<ReadOnlyMemory<byte>> itemsA, List<ReadOnlyMemory<byte>> itemsB, string path, Func<int, string> itemPath, Func<int, SaveShape?> itemShape, bool summed)
    {
        if (itemsA.Count != itemsB.Count)
        {
            Report(path, $"{itemsA.Count:N0} items -> {itemsB.Count:N0} items");
        }

        int common = Math.Min(itemsA.Count, itemsB.Count);
        if (!summed || !itemsA.Concat(itemsB).All(item => IsPlain(item, itemShape(0))))
        {
            for (int i = 0; i < common; i++)
            {
                CompareValues(itemsA[i], itemsB[i], itemPath(i), itemShape(i));
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
            Report(path, $"{differing:N0} of {common:N0} items differ, first {itemPath(first)}: "
                + $"{SavedValues.Short(itemsA[first], itemShape(first))} -> {SavedValues.Short(itemsB[first], itemShape(first))}");
        }
    }

    private void ReportUnlessSame(ReadOnlyMemory<byte> a, ReadOnlyMemory<byte> b, string path, SaveShape? shape)
    {
        if (!SameValue(a, b))
        {
            Report(path, $"{SavedValues.Short(a, shape)} -> {SavedValues.Short(b, shape)}");
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

    private static List<(string Key, ReadOnlyMemory<byte> Value)> Entries(ReadOnlyMemory<byte> map, SaveShape? keyShape)
    {
        var reader = new MessagePackReader(map);
        int count = reader.ReadMapHeader();
        var entries = new List<(string, ReadOnlyMemory<byte>)>(count);
        for (int i = 0; i < count; i++)
        {
            string key = SavedValues.ReadKey(ref reader, keyShape).Text;
            entries.Add((key, Next(ref reader, map)));
        }

        return entries;
    }

    /// <summary>A grid's lengths and its cells (a list, row-major).</summary>
    private static (int[] Lengths, ReadOnlyMemory<byte> Cells) Grid(ReadOnlyMemory<byte> grid, int rank)
    {
        var reader = new MessagePackReader(grid);
        reader.ReadArrayHeader();
        var lengths = new int[rank];
        for (int d = 0; d < rank; d++)
        {
            lengths[d] = reader.ReadInt32();
        }

        return (lengths, Next(ref reader, grid));
    }

    private static ReadOnlyMemory<byte> Next(ref MessagePackReader reader, ReadOnlyMemory<byte> within)
    {
        long start = reader.Consumed;
        reader.Skip();
        return within.Slice((int)start, (int)(reader.Consumed - start));
    }

    /// <summary>A value without members or items: a number, text, an enum... (a union or a vector is not, whatever it holds).</summary>
    private static bool IsPlain(ReadOnlyMemory<byte> value, SaveShape? shape) =>
        shape?.Kind is not (SaveShapeKind.Union or SaveShapeKind.Components)
        && new MessagePackReader(value).NextMessagePackType is not (MessagePackType.Map or MessagePackType.Array);

    private static bool IsNil(ReadOnlyMemory<byte> value) => new MessagePackReader(value).NextMessagePackType == MessagePackType.Nil;

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

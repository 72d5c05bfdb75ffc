using Engine.Serialization.Inspection;
using Engine.Serialization.Text;
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

    private void CompareObjects(ReadOnlyMemory<byte> a, ReadOnlyMemory<byte> b, string path, SaveShape? shape) =>
        CompareKeyed(Entries(a, keyShape: null, dictionary: false), Entries(b, keyShape: null, dictionary: false), key =>
            shape?.Members.FirstOrDefault(m => m.Key == key) is { } member
                ? (MemberPath.Member(path, member.Name), member.Shape)
                : (MemberPath.MemberOrKey(path, key), null));

    private void CompareEntries(ReadOnlyMemory<byte> a, ReadOnlyMemory<byte> b, string path, SaveShape shape) =>
        CompareKeyed(Entries(a, shape.Key, dictionary: true), Entries(b, shape.Key, dictionary: true), key => ($"{path}[{key}]", shape.Element));

    /// <summary>An object's members or a dictionary's entries matched by key whatever their order, each at the path and shape <paramref name="named"/> gives its key.</summary>
    private void CompareKeyed(
        List<(string Key, ReadOnlyMemory<byte> Value)> a, List<(string Key, ReadOnlyMemory<byte> Value)> b, Func<string, (string Path, SaveShape? Shape)> named)
    {
        var inB = new Dictionary<string, ReadOnlyMemory<byte>>(StringComparer.Ordinal);
        foreach (var (key, value) in b)
        {
            inB.TryAdd(key, value);
        }

        var inA = new HashSet<string>(StringComparer.Ordinal);
        foreach (var (key, value) in a.Where(entry => inA.Add(entry.Key)))
        {
            var (at, shape) = named(key);
            if (inB.TryGetValue(key, out var other))
            {
                CompareValues(value, other, at, shape);
            }
            else
            {
                Report(at, $"{SavedValues.Short(value, shape)} -> (absent)");
            }
        }

        foreach (var (key, value) in b.Where(entry => !inA.Contains(entry.Key)))
        {
            var (at, shape) = named(key);
            Report(at, $"(absent) -> {SavedValues.Short(value, shape)}");
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

    private static List<ReadOnlyMemory<byte>> Items(ReadOnlyMemory<byte> array)
    {
        var reader = new MessagePackReader(array);
        int count = reader.ReadArrayHeader();
        var items = new List<ReadOnlyMemory<byte>>(count);
        for (int i = 0; i < count; i++)
        {
            items.Add(SavedValues.Next(ref reader, array));
        }

        return items;
    }

    /// <summary>A map's keys and values: a dictionary's keys as paths show them (<see cref="SavedValues.ReadKey"/>), an object's as saved.</summary>
    private static List<(string Key, ReadOnlyMemory<byte> Value)> Entries(ReadOnlyMemory<byte> map, SaveShape? keyShape, bool dictionary)
    {
        var reader = new MessagePackReader(map);
        int count = reader.ReadMapHeader();
        var entries = new List<(string, ReadOnlyMemory<byte>)>(count);
        for (int i = 0; i < count; i++)
        {
            string key = dictionary ? SavedValues.ReadKey(ref reader, keyShape).Text : MemberPath.KeyText(ref reader);
            entries.Add((key, SavedValues.Next(ref reader, map)));
        }

        return entries;
    }

    /// <summary>A grid's lengths and its cells (a list, row-major).</summary>
    private static (int[] Lengths, ReadOnlyMemory<byte> Cells) Grid(ReadOnlyMemory<byte> grid, int rank)
    {
        var reader = new MessagePackReader(grid);
        var lengths = SavedValues.ReadGridLengths(ref reader, rank);
        return (lengths, SavedValues.Next(ref reader, grid));
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

using System.Linq;
using Engine.Serialization.Generator.Analysis;
using Engine.Serialization.Generator.Emit.MessagePack;

namespace Engine.Serialization.Generator.Emit;

/// <summary>
/// What the XML and protobuf readers share for the shapes they build from parts: a collection from its items as read,
/// a dictionary's map and its duplicate check, a multi-dimensional array from its lengths and cells, and a custom
/// formatter's value as the MessagePack bytes both formats carry it in.
/// </summary>
internal static class CollectionsEmitter
{
    private const string Generic = "global::System.Collections.Generic.";

    public static string Emit(GenerationModel model)
    {
        var code = ObjectCode.OpenPart(model);
        foreach (var shape in model.Helpers.Where(h => h.Kind is ShapeKind.Sequence or ShapeKind.Dictionary or ShapeKind.MultiArray or ShapeKind.Custom))
        {
            code.Gap();
            code.Open($"partial class {shape.HelperName}");
            switch (shape.Kind)
            {
                case ShapeKind.Sequence:
                    FromItems(code, shape);
                    break;
                case ShapeKind.Dictionary:
                    Map(code, shape);
                    break;
                case ShapeKind.MultiArray:
                    FromCells(code, shape);
                    break;
                default:
                    Bytes(code, shape);
                    break;
            }

            code.Close();
        }

        code.Close();
        return code.ToString();
    }

    /// <summary>The collection holding <c>items</c> in order, of the type a load creates for the shape (as MessagePack does).</summary>
    private static void FromItems(CodeWriter code, ValueShape shape)
    {
        var e = shape.Element!.TypeName;
        code.Open($"public static {shape.TypeName} FromItems({Generic}List<{e}> items)");
        code.Line($"{Values.Support}.CreatingItems<{e}>(items.Count);");
        switch (shape.Sequence)
        {
            case SequenceKind.Array or SequenceKind.ArrayInterface:
                code.Line("return items.ToArray();");
                break;
            case SequenceKind.List or SequenceKind.ListInterface:
                code.Line("return items;");
                break;
            case SequenceKind.Stack:
                // Written top first: pushed from the bottom, so the stack comes back in the same order.
                code.Line("items.Reverse();");
                code.Line($"return new {Generic}Stack<{e}>(items);");
                break;
            case SequenceKind.Queue:
                code.Line($"return new {Generic}Queue<{e}>(items);");
                break;
            case SequenceKind.HashSet or SequenceKind.SetInterface:
                code.Line($"return new {Generic}HashSet<{e}>(items{(shape.Comparer is null ? string.Empty : ", Keys.Comparer")});");
                break;
            case SequenceKind.SortedSet:
                code.Line($"return new {Generic}SortedSet<{e}>(items);");
                break;
            case SequenceKind.TrackedList:
                code.Line($"return {Values.TrackedLists}.Adopt<{e}>(items);");
                break;
            default:
                code.Line($"return new {Generic}LinkedList<{e}>(items);");
                break;
        }

        code.Close();
    }

    private static void Map(CodeWriter code, ValueShape shape)
    {
        var k = shape.Key!.TypeName;
        var v = shape.Element!.TypeName;
        var map = shape.Dictionary == DictionaryKind.SortedDictionary ? $"{Generic}SortedDictionary<{k}, {v}>" : $"{Generic}Dictionary<{k}, {v}>";
        var create = shape.Dictionary == DictionaryKind.SortedDictionary || shape.Comparer is null ? $"new {map}()" : $"new {map}(Keys.Comparer)";
        code.Line($$"""
            public static {{map}} NewMap()
            {
                {{Values.Support}}.Creating();
                return {{create}};
            }

            public static void AddEntry({{map}} map, {{k}} key, {{v}} item)
            {
                {{Values.Support}}.{{(shape.Dictionary == DictionaryKind.SortedDictionary ? "Creating()" : "AddingEntry(map)")}};
                if (!map.TryAdd(key, item))
                {
                    throw {{Values.Support}}.DuplicateKey(key);
                }
            }
            """);
    }

    /// <summary>The array of <c>lengths</c> holding <c>items</c> in row-major order, refused when they don't fit it.</summary>
    private static void FromCells(CodeWriter code, ValueShape shape)
    {
        var e = shape.Element!.TypeName;
        var lengths = Enumerable.Range(0, shape.Rank).Select(d => $"lengths[{d}]").ToList();
        code.Open($"public static {shape.TypeName} FromCells({Generic}List<int> lengths, {Generic}List<{e}> items)");
        code.Open($"if (lengths.Count != {shape.Rank} || {string.Join(" || ", lengths.Select(l => l + " < 0"))} || {string.Join(" * ", lengths.Select(l => "(long)" + l))} != items.Count)");
        code.Line($"throw new global::Engine.Serialization.Errors.SaveCorruptedException(\"The payload's {Values.Escape(ObjectCode.Display(shape))} has lengths that don't match its \" + items.Count + \" cells.\");");
        code.Close();
        code.Line();
        code.Line($"{Values.Support}.CreatingItems<{e}>(items.Count);");
        var bracket = e.IndexOf('[');
        var dimensions = string.Join(", ", lengths);
        code.Line(bracket < 0
            ? $"var result = new {e}[{dimensions}];"
            : $"var result = new {e.Substring(0, bracket)}[{dimensions}]{e.Substring(bracket)};");
        code.Line($"global::System.Runtime.InteropServices.CollectionsMarshal.AsSpan(items).CopyTo({Xml.XmlEmitter.Cells(shape, "result")});");
        code.Line("return result;");
        code.Close();
    }

    /// <summary>A custom formatter's value as the MessagePack bytes it writes, and back.</summary>
    private static void Bytes(CodeWriter code, ValueShape shape) => code.Line($$"""
        public static byte[] ToBytes({{shape.TypeName}} value)
        {
            var buffer = new global::System.Buffers.ArrayBufferWriter<byte>();
            var writer = new global::MessagePack.MessagePackWriter(buffer);
            Formatter.Serialize(ref writer, value, Options);
            writer.Flush();
            return buffer.WrittenSpan.ToArray();
        }

        public static {{shape.TypeName}} FromBytes(byte[] bytes)
        {
            {{Values.Support}}.Creating();
            var reader = new global::MessagePack.MessagePackReader(bytes);
            var value = Formatter.Deserialize(ref reader, Options);
            if (!reader.End)
            {
                throw new global::Engine.Serialization.Errors.SaveCorruptedException("A value written by its own formatter has bytes after it.");
            }

            return value;
        }
        """);
}

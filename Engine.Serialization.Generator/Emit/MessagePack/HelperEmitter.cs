using System.Linq;
using Engine.Serialization.Generator.Analysis;

namespace Engine.Serialization.Generator.Emit.MessagePack;

/// <summary>
/// The nested class of every shape that is neither an object nor a union: nullables, sequences, dictionaries,
/// multi-dimensional arrays, fixed parts (math types, pairs, tuples), enums by name, byte arrays and custom formatters;
/// each written as MessagePack-CSharp's built-in formatter writes it.
/// </summary>
internal static class HelperEmitter
{
    private const string Generic = "global::System.Collections.Generic.";
    private const string Marshal = "global::System.Runtime.InteropServices.MemoryMarshal";

    public static void Emit(CodeWriter code, ValueShape shape, bool recursive)
    {
        var type = shape.TypeName;
        Values.OpenClass(code, shape);
        StaticMembers(code, shape);
        Values.FormatterMethods(code, shape);
        code.Open($"public static void Write({Values.Writer}, {type} value)");
        if (Values.CanBeNil(shape) && shape.Kind != ShapeKind.Custom)
        {
            Values.WriteNilForNull(code, shape);
        }

        ObjectCode.Nest(code, recursive, shape);

        // A cycle's path: the collection the refusal passed through (CodecSupport.TraceWrite).
        var traced = recursive && shape.Kind is ShapeKind.Sequence or ShapeKind.Dictionary;
        if (traced)
        {
            ObjectCode.TraceOpen(code, "");
        }

        System.Action<CodeWriter, ValueShape> write = shape.Kind switch
        {
            ShapeKind.Nullable => WriteNullable,
            ShapeKind.Bytes => static (code, _) => code.Line("writer.Write((global::System.ReadOnlySpan<byte>)value);"),
            ShapeKind.Custom => static (code, _) => code.Line("Formatter.Serialize(ref writer, value, Options);"),
            ShapeKind.EnumByName => WriteEnumName,
            ShapeKind.Components => WriteComponents,
            ShapeKind.Sequence => WriteSequence,
            ShapeKind.Dictionary => WriteDictionary,
            ShapeKind.MultiArray => WriteMultiArray,
            ShapeKind.Primitive or ShapeKind.Enum or ShapeKind.DateTime or ShapeKind.Scalar or ShapeKind.Object or ShapeKind.Union
                => throw ObjectCode.NotEmittedHere(shape),
        };
        write(code, shape);

        if (traced)
        {
            code.Close();
            code.Open($"catch (global::System.Exception e) when ({Values.Support}.TraceWrite(e, null, value))");
            code.Line("throw;");
            code.Close();
        }

        code.Close();
        code.Line();
        code.Open($"public static {type} Read({Values.Reader})");
        System.Action<CodeWriter, ValueShape> read = shape.Kind switch
        {
            ShapeKind.Nullable => static (code, shape) => code.Line($"return reader.TryReadNil() ? null : {Values.Read(shape.Element!)};"),
            ShapeKind.Bytes => ReadBytes,
            ShapeKind.Custom => ReadCustom,
            ShapeKind.EnumByName => ReadEnumName,
            ShapeKind.Components => ReadComponents,
            ShapeKind.Sequence => ReadSequence,
            ShapeKind.Dictionary => ReadDictionary,
            ShapeKind.MultiArray => ReadMultiArray,
            ShapeKind.Primitive or ShapeKind.Enum or ShapeKind.DateTime or ShapeKind.Scalar or ShapeKind.Object or ShapeKind.Union
                => throw ObjectCode.NotEmittedHere(shape),
        };
        read(code, shape);

        code.Close();
        code.Close();
    }

    private static void WriteNullable(CodeWriter code, ValueShape shape)
    {
        code.Open("if (value is { } item)");
        code.Line(Values.Write(shape.Element!, "item"));
        code.Close();
        code.Open("else");
        code.Line("writer.WriteNil();");
        code.Close();
    }

    private static void WriteComponents(CodeWriter code, ValueShape shape)
    {
        var parts = shape.Components!.Items;
        code.Line($"writer.WriteArrayHeader({parts.Count});");
        for (var i = 0; i < parts.Count; i++)
        {
            Values.WriteChecked(code, parts[i].Shape, parts[i].AllowsNull, "value." + parts[i].Accessor, "c" + i, shape.Components.DisplayName, parts[i].Accessor);
        }
    }

    private static void WriteDictionary(CodeWriter code, ValueShape shape)
    {
        code.Line("var count = value.Count;");
        code.Line("writer.WriteMapHeader(count);");
        code.Line("var written = 0;");
        code.Open("foreach (var pair in value)");
        CountWritten(code, shape);
        code.Line(Values.Write(shape.Key!, "pair.Key"));
        Values.WriteChecked(code, shape.Element!, shape.ElementAllowsNull, "pair.Value", "item", Display(shape), "[]");
        code.Close();
        RequireAllWritten(code, shape);
    }

    private static void WriteMultiArray(CodeWriter code, ValueShape shape)
    {
        code.Line($"writer.WriteArrayHeader({shape.Rank + 1});");
        for (var d = 0; d < shape.Rank; d++)
        {
            code.Line($"writer.Write(value.GetLength({d}));");
        }

        code.Line("writer.WriteArrayHeader(value.Length);");
        code.Line($"var items = {Xml.XmlEmitter.Cells(shape, "value")};");
        WriteItems(code, shape, "items", "Length");
    }

    private static void ReadBytes(CodeWriter code, ValueShape shape)
    {
        code.Line($"{Values.Support}.Creating();");
        code.Line("return reader.ReadBytes() is { } bytes ? global::System.Buffers.BuffersExtensions.ToArray(bytes) : null;");
    }

    private static void ReadCustom(CodeWriter code, ValueShape shape)
    {
        code.Line($"{Values.Support}.Creating();");
        code.Line("return Formatter.Deserialize(ref reader, Options);");
    }

    private static void WriteSequence(CodeWriter code, ValueShape shape)
    {
        var facts = shape.Sequence!;
        System.Action walk = facts.Walk switch
        {
            SequenceWalk.Indexed => Indexed,
            SequenceWalk.Listed when shape.Float is not null => ListedInBulk,
            SequenceWalk.Listed => Listed,
            SequenceWalk.Enumerated => Enumerated,
            SequenceWalk.Counted => Counted,
        };
        walk();

        void Indexed()
        {
            code.Line($"writer.WriteArrayHeader(value.{facts.Count});");
            WriteItems(code, shape, "value", facts.Count);
        }

        // The span is the list's items as they are now: its length is the count written, whatever another thread does.
        void ListedInBulk()
        {
            code.Line($"var items = {Values.ListSpan(shape, "value")};");
            code.Line("writer.WriteArrayHeader(items.Length);");
            WriteItems(code, shape, "items", "Length");
        }

        void Listed()
        {
            code.Line($"var count = value.{facts.Count};");
            code.Line("writer.WriteArrayHeader(count);");
            code.Open("for (var i = 0; i < count; i++)");
            Values.WriteChecked(code, shape.Element!, shape.ElementAllowsNull, "value[i]", "item", Display(shape), "[]");
            code.Close();
            code.Open($"if (value.{facts.Count} != count)");
            code.Line($"throw {Values.Support}.ChangedWhileSaving({Values.Literal(Display(shape))});");
            code.Close();
        }

        // As MessagePack does: the count a collection knows, or the items gathered first.
        void Enumerated()
        {
            var element = shape.Element!.TypeName;
            code.Line("int count;");
            code.Line($"{Generic}IEnumerable<{element}> items = value;");
            code.Line($"if (value is {Generic}ICollection<{element}> collection) count = collection.Count;");
            code.Line($"else if (value is {Generic}IReadOnlyCollection<{element}> readOnly) count = readOnly.Count;");
            code.Line($"else {{ var gathered = new {Generic}List<{element}>(value); items = gathered; count = gathered.Count; }}");
            code.Line("writer.WriteArrayHeader(count);");
            WriteEach(code, shape, "items");
        }

        void Counted()
        {
            code.Line($"var count = value.{facts.Count};");
            code.Line("writer.WriteArrayHeader(count);");
            WriteEach(code, shape, "value");
        }
    }

    /// <summary>Writes indexed items (an array, a list, a span), float runs in bulk.</summary>
    private static void WriteItems(CodeWriter code, ValueShape shape, string items, string count)
    {
        if (shape.Float is { } bulk)
        {
            code.Line($"global::Engine.Serialization.Internal.FloatRuns.Write{bulk.Name}(ref writer, {items});");
            return;
        }

        code.Open($"for (var i = 0; i < {items}.{count}; i++)");
        Values.WriteChecked(code, shape.Element!, shape.ElementAllowsNull, $"{items}[i]", "item", Display(shape), "[]");
        code.Close();
    }

    /// <summary>Writes the items a collection enumerates, as many as the <c>count</c> its header gave, or refuses the save.</summary>
    private static void WriteEach(CodeWriter code, ValueShape shape, string items)
    {
        code.Line("var written = 0;");
        code.Open($"foreach (var each in {items})");
        CountWritten(code, shape);
        Values.WriteChecked(code, shape.Element!, shape.ElementAllowsNull, "each", "item", Display(shape), "[]");
        code.Close();
        RequireAllWritten(code, shape);
    }

    /// <summary>
    /// A collection that holds more items than the count written before them was changed meanwhile (by another thread):
    /// the save is refused, since a header and items that disagree could never be loaded.
    /// </summary>
    private static void CountWritten(CodeWriter code, ValueShape shape)
    {
        code.Open("if (++written > count)");
        code.Line($"throw {Values.Support}.ChangedWhileSaving({Values.Literal(Display(shape))});");
        code.Close();
    }

    private static void RequireAllWritten(CodeWriter code, ValueShape shape)
    {
        code.Open("if (written != count)");
        code.Line($"throw {Values.Support}.ChangedWhileSaving({Values.Literal(Display(shape))});");
        code.Close();
    }

    private static void ReadSequence(CodeWriter code, ValueShape shape)
    {
        var facts = shape.Sequence!;
        var element = shape.Element!;
        var e = element.TypeName;
        ReadStart(code, shape);
        code.Line("var count = reader.ReadArrayHeader();");
        if (facts.CountsAhead)
        {
            code.Line($"{Values.Support}.CreatingItems<{e}>(count);");
        }

        // Filled in place when that is the collection; otherwise filled, then made the collection.
        var filled = facts.BuildsInPlace ? "result" : facts.Fill switch
        {
            SequenceFill.Array => "array",
            SequenceFill.List => "list",
            SequenceFill.Reversed => "items",
            SequenceFill.Added => "result",
        };
        System.Action fill = facts.Fill switch
        {
            SequenceFill.Array => IntoArray,
            SequenceFill.List => IntoList,
            SequenceFill.Reversed => IntoReversed,
            SequenceFill.Added => Added,
        };
        fill();
        if (filled != "result")
        {
            code.Line($"var result = {facts.BuildOf(e, filled)};");
        }

        code.Line("reader.Depth--;");
        code.Line("return result;");

        void IntoArray()
        {
            code.Line(shape.Float is null
                ? $"var {filled} = count == 0 ? global::System.Array.Empty<{e}>() : {Values.NewArray(e, "count")};"
                : $"var {filled} = global::Engine.Serialization.Internal.FloatRuns.NewArray<{e}>(count);");
            code.Line($"var items = global::System.MemoryExtensions.AsSpan({filled});");
            ReadItems(code, shape, "items");
        }

        void IntoList()
        {
            code.Line($"var {filled} = new {Generic}List<{e}>(count);");
            ReadListItems(code, shape, filled);
        }

        void IntoReversed()
        {
            code.Line($"var {filled} = {Values.NewArray(e, "count")};");
            ReadEach(code, shape, $"{filled}[count - 1 - i] = item;");
        }

        void Added()
        {
            code.Line($"var result = {string.Format(facts.Create!, e, "", Comparer(shape))};");
            ReadEach(code, shape, facts.Add!);
        }
    }

    /// <summary>The comparer argument a hashed collection is created with, or nothing for the default.</summary>
    public static string Comparer(ValueShape shape) => shape.Comparer is null ? string.Empty : ", Keys.Comparer";

    /// <summary>Reads the items into a new list, float runs in bulk into its span.</summary>
    private static void ReadListItems(CodeWriter code, ValueShape shape, string list)
    {
        if (shape.Float is null)
        {
            ReadEach(code, shape, $"{list}.Add(item);");
            return;
        }

        code.Line($"global::System.Runtime.InteropServices.CollectionsMarshal.SetCount({list}, count);");
        code.Line($"var items = global::System.Runtime.InteropServices.CollectionsMarshal.AsSpan({list});");
        ReadItems(code, shape, "items");
    }

    /// <summary>Reads into indexed items (an array or a list's span), float runs in bulk.</summary>
    private static void ReadItems(CodeWriter code, ValueShape shape, string items)
    {
        if (shape.Float is { } bulk)
        {
            code.Line("var i = 0;");
            code.Open($"while (i < {items}.Length)");
            code.Line($"i += global::Engine.Serialization.Internal.FloatRuns.Read{bulk.Name}(ref reader, {items}.Slice(i));");
            code.Line("// A value in another encoding (MessagePack allows any number), or one across a segment's end.");
            code.Open($"if (i < {items}.Length)");
            code.Line($"{items}[i++] = {Values.Read(shape.Element!)};");
            code.Close();
            code.Close();
            return;
        }

        ObjectCode.TraceOpen(code, "var i = 0;");
        code.Open($"for (; i < {items}.Length; i++)");
        code.Line($"var item = {Values.Read(shape.Element!)};");
        Values.CheckRead(code, shape.Element!, shape.ElementAllowsNull, "item");
        code.Line($"{items}[i] = item;");
        code.Close();
        ObjectCode.TraceClose(code, "i");
    }

    private static void ReadEach(CodeWriter code, ValueShape shape, string add)
    {
        ObjectCode.TraceOpen(code, "var i = 0;");
        code.Open("for (; i < count; i++)");
        code.Line($"var item = {Values.Read(shape.Element!)};");
        Values.CheckRead(code, shape.Element!, shape.ElementAllowsNull, "item");
        code.Line(add);
        code.Close();
        ObjectCode.TraceClose(code, "i");
    }

    private static void ReadDictionary(CodeWriter code, ValueShape shape)
    {
        var key = shape.Key!;
        var k = key.TypeName;
        var v = shape.Element!.TypeName;
        ReadStart(code, shape);
        code.Line("var count = reader.ReadMapHeader();");
        var facts = shape.Dictionary!;
        var sorted = facts.Sorted;
        if (!sorted)
        {
            code.Line($"{Values.Support}.CreatingItems<{Generic}KeyValuePair<{k}, {v}>>(count);");
        }

        var filled = facts.BuildsInPlace ? "result" : "map";
        code.Line(sorted
            ? $"var {filled} = new {facts.MapOf(k, v)}();"
            : $"var {filled} = new {facts.MapOf(k, v)}(count{Comparer(shape)});");
        ObjectCode.TraceOpen(code, $"{k} key = default;\nvar keyRead = false;");
        code.Open("for (var i = 0; i < count; i++)");
        code.Line("keyRead = false;");
        code.Line($"key = {Values.Read(key)};");
        if (key.IsReferenceType)
        {
            code.Line($"if (key is null) throw new {Values.Failure}(\"A map key is nil.\");");
        }

        code.Line("keyRead = true;");
        code.Line($"var item = {Values.Read(shape.Element!)};");
        Values.CheckRead(code, shape.Element!, shape.ElementAllowsNull, "item");
        code.Line(sorted
            ? $"if ({filled}.ContainsKey(key)) throw DuplicateKey(key); {Values.Support}.Creating(); {filled}.Add(key, item);"
            : $"if (!{filled}.TryAdd(key, item)) throw DuplicateKey(key);");
        code.Close();
        ObjectCode.TraceClose(code, "key, keyRead");
        if (!facts.BuildsInPlace)
        {
            code.Line($"var result = {facts.BuildOf(k, v, filled)};");
        }

        code.Line("reader.Depth--;");
        code.Line("return result;");
    }

    private static void ReadMultiArray(CodeWriter code, ValueShape shape)
    {
        var name = $"{shape.Element!.TypeName}[{new string(',', shape.Rank - 1)}]";
        ReadStart(code, shape);
        code.Open($"if (reader.ReadArrayHeader() != {shape.Rank + 1})");
        code.Line($"throw new {Values.Failure}(\"Invalid {name} format\");");
        code.Close();
        code.Line();
        var lengths = Enumerable.Range(0, shape.Rank).Select(d => "l" + d).ToList();
        foreach (var length in lengths)
        {
            code.Line($"var {length} = reader.ReadInt32();");
        }

        code.Line("var total = reader.ReadArrayHeader();");
        code.Open($"if ({string.Join(" || ", lengths.Select(l => l + " < 0"))} || {string.Join(" * ", lengths.Select(l => "(long)" + l))} != total)");
        code.Line($"throw new {Values.Failure}(\"Invalid {name} format\");");
        code.Close();
        code.Line();
        var element = shape.Element!.TypeName;
        var bracket = element.IndexOf('[');
        var dimensions = string.Join(", ", lengths);
        code.Line(bracket < 0
            ? $"var result = new {element}[{dimensions}];"
            : $"var result = new {element.Substring(0, bracket)}[{dimensions}]{element.Substring(bracket)};");
        code.Line($"var items = {Xml.XmlEmitter.Cells(shape, "result")};");
        ReadItems(code, shape, "items");
        code.Line("reader.Depth--;");
        code.Line("return result;");
    }

    private static void ReadComponents(CodeWriter code, ValueShape shape)
    {
        var model = shape.Components!;
        if (shape.IsReferenceType)
        {
            Values.ReadNullForNil(code, shape);
            code.Line($"{Values.Support}.Creating();");
        }

        if (model.DepthStep)
        {
            code.Line("DepthStep(ref reader);");
        }

        code.Open($"if (reader.ReadArrayHeader() != {model.Items.Count})");
        code.Line($"throw new {Values.Failure}(\"Invalid {model.DisplayName} data.\");");
        code.Close();
        code.Line();
        for (var i = 0; i < model.Items.Count; i++)
        {
            code.Line($"var c{i} = {Values.Read(model.Items[i].Shape)};");
            Values.CheckRead(code, model.Items[i].Shape, model.Items[i].AllowsNull, "c" + i);
        }

        if (model.DepthStep)
        {
            code.Line("reader.Depth--;");
        }

        code.Line($"return {ObjectCode.Construct(model)};");
    }

    /// <summary>
    /// The class's static members: a custom formatter's instance; an enum's names as pre-encoded MessagePack strings; the
    /// collision-resistant comparer of a set's or dictionary's keys (in a class of its own, made on first read).
    /// </summary>
    private static void StaticMembers(CodeWriter code, ValueShape shape)
    {
        if (shape.Kind == ShapeKind.Custom)
        {
            code.Line($"private static readonly global::MessagePack.Formatters.IMessagePackFormatter<{shape.TypeName}> Formatter = {shape.Formatter};");
            code.Line();
        }

        if (shape.Names is { } names)
        {
            for (var i = 0; i < names.Names.Count; i++)
            {
                if (names.Names[i].WritesValue)
                {
                    var (encoded, _) = MessagePackKey.Encode(names.Names[i].Written);
                    code.Line($"private static global::System.ReadOnlySpan<byte> Name{i} => new byte[] {{ {Values.Bytes(encoded)} }};");
                }
            }

            if (names.HasRenames && names.IsFlags)
            {
                var pairs = names.Names.Where(n => n.Member != n.Written).ToList();
                code.Line($"private static readonly {Generic}Dictionary<string, string> WrittenNames = new() {{ {string.Join(", ", pairs.Select(p => $"[{Values.Literal(p.Member)}] = {Values.Literal(p.Written)}"))} }};");
                code.Line($"private static readonly {Generic}Dictionary<string, string> ClrNames = new() {{ {string.Join(", ", pairs.Select(p => $"[{Values.Literal(p.Written)}] = {Values.Literal(p.Member)}"))} }};");
            }

            code.Line();
        }

        if (shape.Kind == ShapeKind.Dictionary)
        {
            code.Line($"private static {Values.Failure} DuplicateKey({shape.Key!.TypeName} key) => new(\"The map holds the key '\" + key + \"' twice.\");");
            code.Line();
        }

        if (shape.Comparer is { } comparer)
        {
            var key = shape.Kind == ShapeKind.Dictionary ? shape.Key! : shape.Element!;
            code.Open("private static class Keys");
            code.Line($"public static readonly {Generic}IEqualityComparer<{key.TypeName}> Comparer = {comparer};");
            code.Close();
            code.Line();
        }
    }

    /// <summary>
    /// Each defined value as its name (the last member declared with that value, as MessagePack does); anything else as
    /// Enum.ToString() gives it (flag combinations "A, B", undefined values as numbers), renamed members translated.
    /// </summary>
    private static void WriteEnumName(CodeWriter code, ValueShape shape)
    {
        var names = shape.Names!;
        code.Open("switch (value)");
        for (var i = 0; i < names.Names.Count; i++)
        {
            if (names.Names[i].WritesValue)
            {
                code.Line($"case {shape.TypeName}.{names.Names[i].Member}:");
                code.Indent();
                code.Line($"writer.WriteRaw(Name{i});");
                code.Line("return;");
                code.Outdent();
            }
        }

        code.Close();
        code.Line();
        var text = $"{Values.Saved(shape, "value")}.ToString()";
        code.Line(names.HasRenames && names.IsFlags
            ? $"writer.Write({Values.Support}.TranslateFlags({text}, WrittenNames));"
            : $"writer.Write({text});");
    }

    private static void ReadEnumName(CodeWriter code, ValueShape shape)
    {
        var names = shape.Names!;
        code.Line("var name = reader.ReadString();");
        code.Open("switch (name)");
        code.Line("case null:");
        code.Indent();
        code.Line($"throw new {Values.Failure}(\"Nil where a {Values.Escape(shape.TypeName)} name is needed.\");");
        code.Outdent();
        var seen = new System.Collections.Generic.HashSet<string>();
        for (var i = names.Names.Count - 1; i >= 0; i--)
        {
            if (seen.Add(names.Names[i].Written))
            {
                code.Line($"case {Values.Literal(names.Names[i].Written)}:");
                code.Indent();
                code.Line($"return {shape.TypeName}.{names.Names[i].Member};");
                code.Outdent();
            }
        }

        code.Close();
        code.Line();
        var text = names.HasRenames && names.IsFlags ? $"{Values.Support}.TranslateFlags(name, ClrNames)" : "name";
        code.Line($"return global::System.Enum.TryParse<{shape.TypeName}>({text}, out var parsed) ? {Values.Loaded(shape, "parsed")} : throw {Values.Support}.UnknownEnumName({Values.Literal(Display(shape))}, name);");
    }

    private static void ReadStart(CodeWriter code, ValueShape shape)
    {
        Values.ReadNullForNil(code, shape);
        code.Line($"{Values.Support}.Creating();");
        code.Line("DepthStep(ref reader);");
    }

    private static string Display(ValueShape shape) => ObjectCode.Display(shape);
}

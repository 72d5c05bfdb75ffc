using System.Linq;
using Engine.Serialization.Generator.Analysis;
using Engine.Serialization.Generator.Emit.MessagePack;
using Engine.Serialization.Generator.Emit.Tracking;

namespace Engine.Serialization.Generator.Emit.Snapshot;

/// <summary>
/// The snapshot copy an async save encodes: a static <c>Copy</c> on each shape's class that a snapshot can't share,
/// giving a graph equal to the value and sharing nothing mutable with it. An object is made as a load makes it (its
/// callbacks run as around a save and a load), and keeps the members a newer game wrote.
/// </summary>
internal static class SnapshotEmitter
{
    private const string Generic = "global::System.Collections.Generic.";
    private const string Unknown = ObjectCode.Unknown;

    public static string Emit(GenerationModel model)
    {
        var code = ObjectCode.OpenPart(model);
        var facts = new Facts(model);
        foreach (var type in model.Objects.Where(o => !facts.IsImmutable(o.Shape)))
        {
            code.Gap();
            code.Open($"partial class {type.Shape.HelperName}");
            ObjectCopy(code, type, facts);
            code.Close();
        }

        foreach (var union in model.Unions)
        {
            code.Gap();
            code.Open($"partial class {union.Shape.HelperName}");
            UnionCopy(code, union, facts);
            code.Close();
        }

        foreach (var helper in model.Helpers.Where(h => !facts.IsImmutable(h)))
        {
            code.Gap();
            code.Open($"partial class {helper.HelperName}");
            HelperCopy(code, helper, facts);
            code.Close();
        }

        code.Close();
        return code.ToString();
    }

    /// <summary>The copy of a value: the value itself when a snapshot can share it.</summary>
    public static string Copy(Facts facts, ValueShape shape, string value) => facts.IsImmutable(shape) ? value : $"{shape.HelperName}.Copy({value})";

    /// <summary>A copy holding copies of every member a load restores, and the members a newer game wrote.</summary>
    private static void ObjectCopy(CodeWriter code, ObjectModel type, Facts facts)
    {
        var shape = type.Shape;
        code.Open($"public static {shape.TypeName} Copy({shape.TypeName} value)");
        if (!type.IsStruct)
        {
            Values.ReturnNullForNull(code);
        }

        ObjectCode.Nest(code, facts.Recursive);

        if (type.BeforeSerialize is { } before)
        {
            ObjectCode.Callback(code, type, before, "value", "BeforeSerializeFailed");
        }

        var arguments = string.Join(", ", type.CtorArguments.Select(m => Copy(facts, type.Members[m].Shape, string.Format(type.Members[m].Get, "value"))));
        code.Line($"var copy = {ObjectCode.Create(type, arguments)};");
        for (var i = 0; i < type.Members.Count; i++)
        {
            var member = type.Members[i];
            if (member.IsRestored && member.CtorParameter < 0)
            {
                code.Line(string.Format(member.Set!, "copy", Copy(facts, member.Shape, string.Format(member.Get, "value"))));
            }
        }

        if (type.AfterDeserialize is { } after)
        {
            // The copy is made as a load makes an object, so what the model rebuilds after a load it rebuilds here.
            ObjectCode.Callback(code, type, after, "copy", "AfterDeserializeFailed");
        }

        if (!type.IsStruct)
        {
            code.Line($"{Unknown}.Copy(value, copy);");
        }

        if (facts.IsTracked(shape))
        {
            TrackingCode.LinkMembers(code, type, facts, "value");
            TrackingCode.Copied(code, "value", "copy");
        }

        code.Line("return copy;");
        code.Close();
    }

    private static void UnionCopy(CodeWriter code, UnionModel union, Facts facts)
    {
        var shape = union.Shape;
        var name = Values.Literal(union.DisplayName);
        code.Open($"public static {shape.TypeName} Copy({shape.TypeName} value)");
        Values.ReturnNullForNull(code);
        ObjectCode.Nest(code, facts.Recursive);
        code.Line("var type = value.GetType();");
        foreach (var @case in union.Cases)
        {
            code.Open($"if (type == typeof({@case.Shape.TypeName}))");
            code.Line($"return {Copy(facts, @case.Shape, $"({@case.Shape.TypeName})value")};");
            code.Close();
            code.Line();
        }

        code.Line($"throw {Values.Support}.NotAUnionCase({name}, type);");
        code.Close();
    }

    private static void HelperCopy(CodeWriter code, ValueShape shape, Facts facts)
    {
        var type = shape.TypeName;
        code.Open($"public static {type} Copy({type} value)");
        if (shape.IsReferenceType)
        {
            Values.ReturnNullForNull(code);
        }

        var element = shape.Element;
        var share = element is not null && facts.IsImmutable(element);
        switch (shape.Kind)
        {
            case ShapeKind.Nullable:
                code.Line($"return value is {{ }} item ? {Copy(facts, element!, "item")} : null;");
                break;
            case ShapeKind.Bytes:
                code.Line("return (byte[])value.Clone();");
                break;
            case ShapeKind.Custom:
                // Opaque to the generator: copied by writing and reading it back through its own formatter.
                code.Line("var buffer = new global::System.Buffers.ArrayBufferWriter<byte>();");
                code.Line("var writer = new global::MessagePack.MessagePackWriter(buffer);");
                code.Line("Formatter.Serialize(ref writer, value, Options);");
                code.Line("writer.Flush();");
                code.Line("var reader = new global::MessagePack.MessagePackReader(buffer.WrittenMemory);");
                code.Line("return Formatter.Deserialize(ref reader, Options);");
                break;
            case ShapeKind.Components:
                var parts = shape.Components!.Items;
                var copies = parts.Select(p => (object)Copy(facts, p.Shape, "value." + p.Accessor)).ToArray();
                code.Line("return " + string.Format(shape.Components.Construct, copies) + ";");
                break;
            case ShapeKind.MultiArray:
                code.Line($"var copy = ({type})value.Clone();");
                if (!share)
                {
                    code.Line($"var items = {Cells(shape, "copy")};");
                    code.Open("for (var i = 0; i < items.Length; i++)");
                    code.Line($"items[i] = {Copy(facts, element!, "items[i]")};");
                    code.Close();
                }

                code.Line("return copy;");
                break;
            case ShapeKind.Dictionary:
                CopyDictionary(code, shape, facts);
                break;
            default:
                CopySequence(code, shape, facts, share);
                break;
        }

        code.Close();
    }

    private static void CopySequence(CodeWriter code, ValueShape shape, Facts facts, bool share)
    {
        var e = shape.Element!.TypeName;
        var each = Copy(facts, shape.Element!, "item");
        string Mapped(string source) => share ? source : $"global::System.Linq.Enumerable.Select({source}, static item => {each})";
        switch (shape.Sequence)
        {
            case SequenceKind.Array:
                if (share)
                {
                    code.Line($"return ({e}[])value.Clone();");
                    return;
                }

                code.Line($"var copy = {Values.NewArray(e, "value.Length")};");
                code.Open("for (var i = 0; i < value.Length; i++)");
                code.Line($"copy[i] = {Copy(facts, shape.Element!, "value[i]")};");
                code.Close();
                code.Line("return copy;");
                return;
            case SequenceKind.List:
                if (share)
                {
                    code.Line($"return new {Generic}List<{e}>(value);");
                    return;
                }

                code.Line($"var copy = new {Generic}List<{e}>(value.Count);");
                code.Open("for (var i = 0; i < value.Count; i++)");
                code.Line($"copy.Add({Copy(facts, shape.Element!, "value[i]")});");
                code.Close();
                code.Line("return copy;");
                return;
            case SequenceKind.TrackedList when share:
                code.Line($"var copy = new {Values.TrackedList}<{e}>(value.AsSpan());");
                TrackingCode.Copied(code, "value", "copy");
                code.Line("return copy;");
                return;
            case SequenceKind.TrackedList:
                code.Line($"var copy = new {Values.TrackedList}<{e}>(value.Count);");
                code.Open("for (var i = 0; i < value.Count; i++)");
                code.Line($"copy.Add({Copy(facts, shape.Element!, "value[i]")});");
                code.Line($"{TrackingCode.Tracking}.Link(value, value[i]);");
                code.Close();
                TrackingCode.Copied(code, "value", "copy");
                code.Line("return copy;");
                return;
            case SequenceKind.ListInterface:
                code.Line($"return new {Generic}List<{e}>({Mapped("value")});");
                return;
            case SequenceKind.ArrayInterface:
                code.Line($"return global::System.Linq.Enumerable.ToArray({Mapped("value")});");
                return;
            case SequenceKind.Stack:
                code.Line($"var items = global::System.Linq.Enumerable.ToArray({Mapped("value")});");
                code.Line("global::System.Array.Reverse(items);");
                code.Line($"return new {Generic}Stack<{e}>(items);");
                return;
            case SequenceKind.Queue:
                code.Line($"return new {Generic}Queue<{e}>({Mapped("value")});");
                return;
            case SequenceKind.HashSet:
                code.Line($"return new {Generic}HashSet<{e}>({Mapped("value")}, value.Comparer);");
                return;
            case SequenceKind.SetInterface:
                code.Line($"return new {Generic}HashSet<{e}>({Mapped("value")});");
                return;
            case SequenceKind.SortedSet:
                code.Line($"return new {Generic}SortedSet<{e}>({Mapped("value")}, value.Comparer);");
                return;
            default:
                code.Line($"return new {Generic}LinkedList<{e}>({Mapped("value")});");
                return;
        }
    }

    private static void CopyDictionary(CodeWriter code, ValueShape shape, Facts facts)
    {
        var k = shape.Key!.TypeName;
        var v = shape.Element!.TypeName;
        var create = shape.Dictionary switch
        {
            DictionaryKind.SortedDictionary => $"new {Generic}SortedDictionary<{k}, {v}>(value.Comparer)",
            DictionaryKind.Dictionary => $"new {Generic}Dictionary<{k}, {v}>(value.Count, value.Comparer)",
            _ => $"new {Generic}Dictionary<{k}, {v}>(value.Count)",
        };
        code.Line($"var copy = {create};");
        code.Open("foreach (var pair in value)");
        code.Line($"copy.Add(pair.Key, {Copy(facts, shape.Element!, "pair.Value")});");
        code.Close();
        code.Line("return copy;");
    }

    private static string Cells(ValueShape shape, string array) => Xml.XmlEmitter.Cells(shape, array);
}

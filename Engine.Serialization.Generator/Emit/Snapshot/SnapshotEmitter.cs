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
            Values.ReturnNullForNull(code, shape);
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
        Values.ReturnNullForNull(code, shape);
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
        if (Values.CanBeNil(shape))
        {
            Values.ReturnNullForNull(code, shape);
        }

        var element = shape.Element;
        var share = element is not null && facts.IsImmutable(element);
        System.Action copy = shape.Kind switch
        {
            ShapeKind.Nullable => CopyNullable,
            ShapeKind.Bytes => CopyBytes,
            ShapeKind.Custom => CopyCustom,
            ShapeKind.Components => CopyParts,
            ShapeKind.MultiArray => CopyCells,
            ShapeKind.Dictionary => CopyEntries,
            ShapeKind.Sequence => CopyItems,
            ShapeKind.Primitive or ShapeKind.Enum or ShapeKind.EnumByName or ShapeKind.DateTime or ShapeKind.Scalar or ShapeKind.Object or ShapeKind.Union
                => throw ObjectCode.NotEmittedHere(shape),
        };
        copy();
        code.Close();

        void CopyNullable()
        {
            code.Line($"return value is {{ }} item ? {Copy(facts, element!, "item")} : null;");
        }

        void CopyBytes()
        {
            code.Line("return (byte[])value.Clone();");
        }

        void CopyCustom()
        {
            // Opaque to the generator: copied by writing and reading it back through its own formatter.
            code.Line("var buffer = new global::System.Buffers.ArrayBufferWriter<byte>();");
            code.Line("var writer = new global::MessagePack.MessagePackWriter(buffer);");
            code.Line("Formatter.Serialize(ref writer, value, Options);");
            code.Line("writer.Flush();");
            code.Line("var reader = new global::MessagePack.MessagePackReader(buffer.WrittenMemory);");
            code.Line("return Formatter.Deserialize(ref reader, Options);");
        }

        void CopyParts()
        {
            var parts = shape.Components!.Items;
            var copies = parts.Select(p => (object)Copy(facts, p.Shape, "value." + p.Accessor)).ToArray();
            code.Line("return " + string.Format(shape.Components.Construct, copies) + ";");
        }

        void CopyCells()
        {
            code.Line($"var copy = ({type})value.Clone();");
            if (!share)
            {
                code.Line($"var items = {Cells(shape, "copy")};");
                code.Open("for (var i = 0; i < items.Length; i++)");
                code.Line($"items[i] = {Copy(facts, element!, "items[i]")};");
                code.Close();
            }

            code.Line("return copy;");
        }

        void CopyEntries()
        {
            CopyDictionary(code, shape, facts);
        }

        void CopyItems()
        {
            CopySequence(code, shape, facts, share);
        }
    }

    private static void CopySequence(CodeWriter code, ValueShape shape, Facts facts, bool share)
    {
        var e = shape.Element!.TypeName;
        var each = Copy(facts, shape.Element!, "item");
        string Mapped(string source) => share ? source : $"global::System.Linq.Enumerable.Select({source}, static item => {each})";
        var kind = shape.Sequence!;
        System.Action copy = kind.Storage switch
        {
            SequenceStorage.Array when share => ClonedArray,
            SequenceStorage.Array => CopiedArray,
            SequenceStorage.List when kind.Tracked && share => SharedTracked,
            SequenceStorage.List when kind.Tracked => CopiedTracked,
            SequenceStorage.List when share => SharedList,
            SequenceStorage.List => CopiedList,
            SequenceStorage.Other => Rebuilt,
        };
        copy();

        void ClonedArray()
        {
            code.Line($"return ({e}[])value.Clone();");
        }

        void CopiedArray()
        {
            code.Line($"var copy = {Values.NewArray(e, "value.Length")};");
            code.Open("for (var i = 0; i < value.Length; i++)");
            code.Line($"copy[i] = {Copy(facts, shape.Element!, "value[i]")};");
            code.Close();
            code.Line("return copy;");
        }

        void SharedTracked()
        {
            code.Line($"var copy = new {Values.TrackedList}<{e}>(value.AsSpan());");
            TrackingCode.Copied(code, "value", "copy");
            code.Line("return copy;");
        }

        void CopiedTracked()
        {
            code.Line($"var copy = new {Values.TrackedList}<{e}>(value.Count);");
            code.Open("for (var i = 0; i < value.Count; i++)");
            code.Line($"copy.Add({Copy(facts, shape.Element!, "value[i]")});");
            code.Line($"{TrackingCode.Tracking}.Link(value, value[i]);");
            code.Close();
            TrackingCode.Copied(code, "value", "copy");
            code.Line("return copy;");
        }

        void SharedList()
        {
            code.Line($"return new {Generic}List<{e}>(value);");
        }

        void CopiedList()
        {
            code.Line($"var copy = new {Generic}List<{e}>(value.Count);");
            code.Open("for (var i = 0; i < value.Count; i++)");
            code.Line($"copy.Add({Copy(facts, shape.Element!, "value[i]")});");
            code.Close();
            code.Line("return copy;");
        }

        void Rebuilt()
        {
            code.Line(string.Format(kind.Copy!, e, Mapped("value")));
        }
    }

    private static void CopyDictionary(CodeWriter code, ValueShape shape, Facts facts)
    {
        var k = shape.Key!.TypeName;
        var v = shape.Element!.TypeName;
        var map = shape.Dictionary!;
        code.Line($"var copy = {string.Format(map.Copy, k, v)};");
        code.Open("foreach (var pair in value)");
        code.Line($"copy.Add(pair.Key, {Copy(facts, shape.Element!, "pair.Value")});");
        code.Close();
        code.Line($"return {map.Built};");
    }

    private static string Cells(ValueShape shape, string array) => Xml.XmlEmitter.Cells(shape, array);
}

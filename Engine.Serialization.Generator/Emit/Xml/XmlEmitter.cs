using System.Linq;
using Engine.Serialization.Generator.Analysis;
using Engine.Serialization.Generator.Emit.MessagePack;

namespace Engine.Serialization.Generator.Emit.Xml;

/// <summary>
/// The XML codec: a <c>WriteXml</c> and <c>ReadXml</c> on each shape's nested class, over XmlWriter and XmlReader. An
/// object is an element whose children are its members, named by their keys (read in any order, unknown ones kept for
/// the re-save); a collection's items are elements named by their type; a dictionary's entries are
/// <c>&lt;Entry&gt;&lt;Key/&gt;&lt;Value/&gt;&lt;/Entry&gt;</c>; a union's value is one child element named by its case; null is
/// <c>xsi:nil="true"</c>. This is the document XmlSerializer wrote for GameContent, extended to every kind.
/// </summary>
internal static class XmlEmitter
{
    private const string Codec = "global::Engine.Serialization.Internal.XmlCodec";
    private const string Writer = "global::System.Xml.XmlWriter writer";
    private const string Reader = "global::System.Xml.XmlReader reader";
    private const string Unknown = ObjectCode.Unknown;

    public static string Emit(GenerationModel model)
    {
        var code = ObjectCode.OpenPart(model);
        foreach (var type in model.Objects)
        {
            code.Gap();
            EmitObject(code, type, model.Recursive);
        }

        foreach (var union in model.Unions)
        {
            code.Gap();
            EmitUnion(code, union, model.Recursive);
        }

        foreach (var helper in model.Helpers.Where(h => h.Kind is ShapeKind.Sequence or ShapeKind.Dictionary or ShapeKind.MultiArray or ShapeKind.Components
            or ShapeKind.Nullable or ShapeKind.Bytes or ShapeKind.Custom))
        {
            code.Gap();
            EmitHelper(code, helper, model.Recursive);
        }

        code.Close();
        return code.ToString();
    }


    /// <summary>Writes a value as the element <paramref name="name"/>; null as nil where the model allows it, refused where it doesn't.</summary>
    public static void Write(CodeWriter code, ValueShape shape, bool allowsNull, string name, string value, string local, string type, string member)
    {
        if (!shape.IsReferenceType)
        {
            code.Line(WriteValue(shape, name, value));
            return;
        }

        code.Line($"var {local} = {value};");
        if (ShapeFacts.RefusesNull(shape, allowsNull))
        {
            code.Line($"if ({local} is null) {Values.Support}.ThrowMissing({Values.Literal(type)}, {Values.Literal(member)});");
            code.Line(WriteValue(shape, name, local));
        }
        else if (shape.HelperName is not null && shape.Kind != ShapeKind.EnumByName)
        {
            // Helpers write nil for null themselves.
            code.Line(WriteValue(shape, name, local));
        }
        else
        {
            code.Line($"if ({local} is null) {Codec}.WriteNil(writer, {name}); else {WriteValue(shape, name, local)}");
        }
    }

    /// <summary>The statement writing a value known to be present (or a helper's, which handles null).</summary>
    private static string WriteValue(ValueShape shape, string name, string value) => shape.Kind switch
    {
        ShapeKind.Primitive when shape.TypeName == "string" => $"{Codec}.WriteText(writer, {name}, {value});",
        ShapeKind.Primitive or ShapeKind.DateTime or ShapeKind.Scalar => $"writer.WriteElementString({name}, {Codec}.Text({value}));",
        ShapeKind.Enum or ShapeKind.EnumByName => $"writer.WriteElementString({name}, {Codec}.EnumText({Values.Saved(shape, value)}));",
        ShapeKind.Object or ShapeKind.Union or ShapeKind.Nullable or ShapeKind.Sequence or ShapeKind.Dictionary or ShapeKind.MultiArray
            or ShapeKind.Components or ShapeKind.Bytes or ShapeKind.Custom => $"{shape.HelperName}.WriteXml(writer, {name}, {value});",
    };

    /// <summary>The expression reading the element the reader is at as the shape's value, moving past it.</summary>
    public static string Read(ValueShape shape) => shape.Kind switch
    {
        ShapeKind.Primitive when shape.TypeName == "string" => $"({Codec}.ReadNil(reader) ? null : reader.ReadElementContentAsString())",
        ShapeKind.Primitive or ShapeKind.DateTime or ShapeKind.Scalar when shape.IsReferenceType =>
            $"({Codec}.ReadNil(reader) ? null : {Codec}.To{Conversion(shape)}({Codec}.ReadText(reader)))",
        ShapeKind.Primitive when IsNumber(shape) => $"{Codec}.Read{Conversion(shape)}(reader)",
        ShapeKind.Primitive or ShapeKind.DateTime or ShapeKind.Scalar => $"{Codec}.To{Conversion(shape)}({Codec}.ReadText(reader))",
        ShapeKind.Enum or ShapeKind.EnumByName => Values.Loaded(shape, $"{Codec}.ToEnum<{shape.TypeName}>({Codec}.ReadText(reader))"),
        ShapeKind.Object or ShapeKind.Union or ShapeKind.Nullable or ShapeKind.Sequence or ShapeKind.Dictionary or ShapeKind.MultiArray
            or ShapeKind.Components or ShapeKind.Bytes or ShapeKind.Custom => $"{shape.HelperName}.ReadXml(reader)",
    };

    /// <summary>The primitives XmlCodec reads without a string each (XmlCodec.ReadInt32, ReadSingle, ...).</summary>
    private static bool IsNumber(ValueShape shape) =>
        shape.TypeName is "byte" or "sbyte" or "short" or "ushort" or "int" or "uint" or "long" or "ulong" or "float" or "double";

    /// <summary>The name of XmlCodec's To... method for a primitive or scalar: <c>Int32</c>, <c>Guid</c>, <c>DateTime</c>.</summary>
    private static string Conversion(ValueShape shape) => shape.TypeName switch
    {
        "bool" => "Boolean",
        "byte" => "Byte",
        "sbyte" => "SByte",
        "short" => "Int16",
        "ushort" => "UInt16",
        "int" => "Int32",
        "uint" => "UInt32",
        "long" => "Int64",
        "ulong" => "UInt64",
        "float" => "Single",
        "double" => "Double",
        "char" => "Char",
        "decimal" => "Decimal",
        _ => shape.TypeName.Substring(shape.TypeName.LastIndexOf('.') + 1),
    };

    private static void EmitObject(CodeWriter code, ObjectModel type, bool recursive)
    {
        var shape = type.Shape;
        code.Open($"partial class {shape.HelperName}");
        code.Open($"public static void WriteXml({Writer}, string name, {shape.TypeName} value)");
        if (!type.IsStruct)
        {
            code.Open("if (value is null)");
            code.Line($"{Codec}.WriteNil(writer, name);");
            code.Line("return;");
            code.Close();
            code.Line();
        }

        ObjectCode.Nest(code, recursive);

        if (type.BeforeSerialize is { } before)
        {
            code.Open($"if (!{Values.Support}.WritingSnapshot)");
            ObjectCode.Callback(code, type, before, "value", "BeforeSerializeFailed");
            code.Close();
            code.Line();
        }

        code.Line("writer.WriteStartElement(name);");
        for (var i = 0; i < type.Members.Count; i++)
        {
            var member = type.Members[i];
            if (member.IsRestored)
            {
                Write(code, member.Shape, member.AllowsNull, Values.Literal(SchemaNames.Element(member.Key)), string.Format(member.Get, "value"), "m" + i, ObjectCode.Short(type), member.Name);
            }
        }

        if (!type.IsStruct)
        {
            code.Line($"{Unknown}.Of(value)?.WriteXml(writer);");
        }

        code.Line("writer.WriteEndElement();");
        code.Close();
        code.Line();

        var byCtor = type.CtorArguments.Count > 0;
        code.Open($"public static {shape.TypeName} ReadXml({Reader})");
        code.Open($"if ({Codec}.ReadNil(reader))");
        code.Line(type.IsStruct
            ? $"throw new global::System.Xml.XmlException(\"Nil where a {Values.Escape(type.DisplayName)} (a struct) is needed.\");"
            : "return null;");
        code.Close();
        code.Line();
        ObjectCode.ReadLocals(code, type, byCtor);

        var restored = type.Members.Any(m => m.IsRestored);
        if (restored)
        {
            // Which members were read, so that an element naming one twice is refused rather than keeping the last value.
            ObjectCode.SeenLocals(code, type);
            ObjectCode.FormerLocals(code, type);
        }

        if (restored)
        {
            ObjectCode.TraceOpen(code);
        }

        code.Open($"if ({Codec}.StartContent(reader))");
        code.Open($"while ({Codec}.NextElement(reader))");
        if (restored)
        {
            code.Line("at = null;");
            code.Open("switch (reader.LocalName)");
        }

        for (var i = 0; i < type.Members.Count; i++)
        {
            var member = type.Members[i];
            if (!member.IsRestored)
            {
                continue;
            }

            // The member's key, then its earlier keys (saved by earlier releases, before the member was renamed).
            for (var former = -1; former < member.FormerKeys.Count; former++)
            {
                code.Line($"case {Values.Literal(SchemaNames.Element(former < 0 ? member.Key : member.FormerKeys[former]))}:");
                code.Indent();
                if (former < 0)
                {
                    ObjectCode.RefuseSecond(code, type, i);
                }
                else
                {
                    ObjectCode.RefuseSecondFormer(code, type, i, former);
                }

                // Read under an older key too: an older game saved this element, and its value is there.
                ObjectCode.SkipIfReadFormerly(code, type, i, former < 0 ? member.FormerKeys.Count : former, $"{Codec}.Skip(reader);");
                ObjectCode.TraceMember(code, member);
                if (byCtor)
                {
                    code.Line($"m{i} = {Read(member.Shape)};");
                    Values.CheckRead(code, member.Shape, member.AllowsNull, "m" + i);
                    if (member.CtorParameter < 0)
                    {
                        code.Line($"s{i} = true;");
                    }
                }
                else
                {
                    // One switch is one scope: each key's case its own local.
                    var local = former < 0 ? $"m{i}" : $"m{i}w{former}";
                    code.Line($"var {local} = {Read(member.Shape)};");
                    Values.CheckRead(code, member.Shape, member.AllowsNull, local);
                    code.Line(string.Format(member.Set!, "result", local));
                }

                code.Line("continue;");
                code.Outdent();
            }
        }

        if (restored)
        {
            code.Close();
            code.Line();
        }

        // Members this build doesn't know (a newer game wrote them).
        code.Line(type.IsStruct ? $"{Codec}.Skip(reader);" : "unknown.AddXml(reader);");
        code.Close();
        code.Line($"{Codec}.EndContent(reader);");
        code.Close();
        if (restored)
        {
            ObjectCode.TraceClose(code);
        }

        code.Line();
        ObjectCode.ReadEnd(code, type, byCtor);

        code.Line("return result;");
        code.Close();
        code.Close();
    }

    private static void EmitUnion(CodeWriter code, UnionModel union, bool recursive)
    {
        var nest = recursive ? $"        {ObjectCode.NestLine}\n" : "";
        var shape = union.Shape;
        var display = Values.Literal(union.DisplayName);
        var writeCases = string.Concat(union.Cases.Select(c => $$"""
                    if (type == typeof({{c.Shape.TypeName}}))
                    {
                        writer.WriteAttributeString("case", "{{c.Key}}");
                        {{c.Shape.HelperName}}.WriteXml(writer, {{Values.Literal(c.Shape.SchemaName)}}, ({{c.Shape.TypeName}})value);
                        writer.WriteEndElement();
                        return;
                    }


            """));
        var readCases = string.Concat(union.Cases.Select(c => $$"""
                        case "{{c.Key}}":
                            result = {{c.Shape.HelperName}}.ReadXml(reader);
                            break;

            """));
        var names = string.Join(", ", union.Cases.Select(c => $"{Values.Literal(c.Shape.SchemaName)} => \"{c.Key}\""));

        // The union key names the case (so a case type renamed since keeps loading); without it, the element's name does.
        code.Line($$"""
            partial class {{shape.HelperName}}
            {
                public static void WriteXml({{Writer}}, string name, {{shape.TypeName}} value)
                {
                    if (value is null)
                    {
                        {{Codec}}.WriteNil(writer, name);
                        return;
                    }

            {{nest}}        writer.WriteStartElement(name);
                    var type = value.GetType();
            {{writeCases}}        throw {{Values.Support}}.NotAUnionCase({{display}}, type);
                }

                public static {{shape.TypeName}} ReadXml({{Reader}})
                {
                    if ({{Codec}}.ReadNil(reader))
                    {
                        return null;
                    }

                    var key = reader.GetAttribute("case");
                    if (!{{Codec}}.StartContent(reader) || !{{Codec}}.NextElement(reader))
                    {
                        throw new global::System.Xml.XmlException("A " + {{display}} + " element holds none of its cases.");
                    }

                    key ??= reader.LocalName switch { {{names}}, _ => reader.LocalName };
                    {{shape.TypeName}} result;
                    switch (key)
                    {
            {{readCases}}            default:
                            throw {{Values.Support}}.UnknownUnionCase({{display}}, key);
                    }

                    if ({{Codec}}.NextElement(reader))
                    {
                        throw new global::System.Xml.XmlException("A " + {{display}} + " element holds more than one case.");
                    }

                    {{Codec}}.EndContent(reader);
                    return result;
                }
            }
            """);
    }

    private static void EmitHelper(CodeWriter code, ValueShape shape, bool recursive)
    {
        code.Open($"partial class {shape.HelperName}");
        code.Open($"public static void WriteXml({Writer}, string name, {shape.TypeName} value)");
        if (Values.CanBeNil(shape))
        {
            code.Open($"if ({Values.IsNil(shape, "value")})");
            code.Line($"{Codec}.WriteNil(writer, name);");
            code.Line("return;");
            code.Close();
            code.Line();
        }

        ObjectCode.Nest(code, recursive, shape);

        var element = shape.Element;
        var itemName = element is null ? null : Values.Literal(element.SchemaName);
        System.Action write = shape.Kind switch
        {
            ShapeKind.Nullable => WriteNullable,
            ShapeKind.Bytes => WriteBytes,
            ShapeKind.Custom => WriteCustom,
            ShapeKind.Sequence => WriteItems,
            ShapeKind.Dictionary => WriteEntries,
            ShapeKind.MultiArray => WriteCells,
            ShapeKind.Components => WriteParts,
            ShapeKind.Primitive or ShapeKind.Enum or ShapeKind.EnumByName or ShapeKind.DateTime or ShapeKind.Scalar or ShapeKind.Object or ShapeKind.Union
                => throw ObjectCode.NotEmittedHere(shape),
        };
        write();
        code.Close();
        code.Line();
        code.Open($"public static {shape.TypeName} ReadXml({Reader})");
        System.Action read = shape.Kind switch
        {
            ShapeKind.Nullable => ReadNullable,
            ShapeKind.Bytes => ReadBytes,
            ShapeKind.Custom => ReadCustom,
            ShapeKind.Sequence => ReadItems,
            ShapeKind.Dictionary => ReadEntries,
            ShapeKind.MultiArray => ReadCells,
            ShapeKind.Components => ReadParts,
            ShapeKind.Primitive or ShapeKind.Enum or ShapeKind.EnumByName or ShapeKind.DateTime or ShapeKind.Scalar or ShapeKind.Object or ShapeKind.Union
                => throw ObjectCode.NotEmittedHere(shape),
        };
        read();
        code.Close();
        code.Close();

        void WriteNullable()
        {
            code.Line($"if (value is {{ }} item) {WriteValue(element!, "name", "item")} else {Codec}.WriteNil(writer, name);");
        }

        void WriteBytes()
        {
            code.Line($"writer.WriteElementString(name, {Codec}.Text(value));");
        }

        void WriteCustom()
        {
            code.Line($"writer.WriteElementString(name, {Codec}.Text(ToBytes(value)));");
        }

        void WriteItems()
        {
            code.Line("writer.WriteStartElement(name);");
            code.Open("foreach (var each in value)");
            Write(code, element!, shape.ElementAllowsNull, itemName!, "each", "item", Display(shape), "[]");
            code.Close();
            code.Line("writer.WriteEndElement();");
        }

        void WriteEntries()
        {
            code.Line("writer.WriteStartElement(name);");
            code.Open("foreach (var pair in value)");
            code.Line("writer.WriteStartElement(\"Entry\");");
            Write(code, shape.Key!, false, "\"Key\"", "pair.Key", "key", Display(shape), "[]");
            Write(code, element!, shape.ElementAllowsNull, "\"Value\"", "pair.Value", "item", Display(shape), "[]");
            code.Line("writer.WriteEndElement();");
            code.Close();
            code.Line("writer.WriteEndElement();");
        }

        void WriteCells()
        {
            code.Line("writer.WriteStartElement(name);");
            for (var d = 0; d < shape.Rank; d++)
            {
                code.Line($"writer.WriteElementString(\"Length\", {Codec}.Text(value.GetLength({d})));");
            }

            code.Line("writer.WriteStartElement(\"Items\");");
            code.Open($"foreach (var each in {Cells(shape, "value")})");
            Write(code, element!, shape.ElementAllowsNull, itemName!, "each", "item", Display(shape), "[]");
            code.Close();
            code.Line("writer.WriteEndElement();");
            code.Line("writer.WriteEndElement();");
        }

        void WriteParts()
        {
            code.Line("writer.WriteStartElement(name);");
            var parts = shape.Components!.Items;
            for (var i = 0; i < parts.Count; i++)
            {
                Write(code, parts[i].Shape, parts[i].AllowsNull, Values.Literal(SchemaNames.Element(parts[i].Accessor)), "value." + parts[i].Accessor, "c" + i, shape.Components.DisplayName, parts[i].Accessor);
            }

            code.Line("writer.WriteEndElement();");
        }

        void ReadNullable()
        {
            code.Line($"return {Codec}.ReadNil(reader) ? null : {Read(element!)};");
        }

        void ReadBytes()
        {
            code.Line($"return {Codec}.ReadNil(reader) ? null : {Codec}.ToBytes({Codec}.ReadText(reader));");
        }

        void ReadCustom()
        {
            if (shape.IsReferenceType)
            {
                code.Line($"if ({Codec}.ReadNil(reader)) return null;");
            }

            code.Line($"return FromBytes({Codec}.ToBytes({Codec}.ReadText(reader)));");
        }

        void ReadItems()
        {
            ReadStart(code, shape);
            code.Line($"var items = new global::System.Collections.Generic.List<{element!.TypeName}>();");
            ObjectCode.TraceOpen(code, "");
            code.Open($"if ({Codec}.StartContent(reader))");
            code.Open($"while ({Codec}.NextElement(reader))");
            code.Line($"var item = {Read(element)};");
            Values.CheckRead(code, element, shape.ElementAllowsNull, "item");
            code.Line($"{Values.Support}.AddItem(items, item);");
            code.Close();
            code.Line($"{Codec}.EndContent(reader);");
            code.Close();
            ObjectCode.TraceClose(code, "items.Count");
            code.Line();
            code.Line("return FromItems(items);");
        }

        void ReadEntries()
        {
            ReadDictionary(code, shape);
        }

        void ReadCells()
        {
            ReadMultiArray(code, shape);
        }

        void ReadParts()
        {
            ReadComponents(code, shape);
        }
    }

    private static void ReadStart(CodeWriter code, ValueShape shape)
    {
        code.Open($"if ({Codec}.ReadNil(reader))");
        code.Line($"return {Values.NilValue(shape)};");
        code.Close();
        code.Line();
    }

    private static void ReadDictionary(CodeWriter code, ValueShape shape)
    {
        var key = shape.Key!;
        var element = shape.Element!;
        ReadStart(code, shape);
        code.Line($"var result = NewMap();");
        ObjectCode.TraceOpen(code, $"{key.TypeName} at = default;\nvar atKey = false;");
        code.Open($"if ({Codec}.StartContent(reader))");
        code.Open($"while ({Codec}.NextElement(reader))");
        code.Line("atKey = false;");
        code.Line($"{key.TypeName} key = default;");
        code.Line("var hasKey = false;");
        code.Line($"{element.TypeName} item = default;");
        code.Open($"if ({Codec}.StartContent(reader))");
        code.Open($"while ({Codec}.NextElement(reader))");
        code.Open("switch (reader.LocalName)");
        code.Line("case \"Key\":");
        code.Indent();
        code.Line($"key = {Read(key)};");
        code.Line("hasKey = true;");
        code.Line("continue;");
        code.Outdent();
        code.Line("case \"Value\":");
        code.Indent();
        code.Line("at = key;");
        code.Line("atKey = hasKey;");
        code.Line($"item = {Read(element)};");
        code.Line("continue;");
        code.Outdent();
        code.Close();
        code.Line();
        code.Line($"{Codec}.Skip(reader);");
        code.Close();
        code.Line($"{Codec}.EndContent(reader);");
        code.Close();
        code.Line();
        code.Open(key.IsReferenceType ? "if (!hasKey || key is null)" : "if (!hasKey)");
        code.Line("throw new global::System.Xml.XmlException(\"A map entry has no key.\");");
        code.Close();
        code.Line();
        Values.CheckRead(code, element, shape.ElementAllowsNull, "item");
        code.Line("AddEntry(result, key, item);");
        code.Close();
        code.Line($"{Codec}.EndContent(reader);");
        code.Close();
        ObjectCode.TraceClose(code, "at, atKey");
        code.Line();
        code.Line($"return {shape.Dictionary!.BuildOf(key.TypeName, element.TypeName, "result")};");
    }

    private static void ReadMultiArray(CodeWriter code, ValueShape shape)
    {
        var element = shape.Element!;
        ReadStart(code, shape);
        code.Line("var lengths = new global::System.Collections.Generic.List<int>();");
        code.Line($"var items = new global::System.Collections.Generic.List<{element.TypeName}>();");
        code.Open($"if ({Codec}.StartContent(reader))");
        code.Open($"while ({Codec}.NextElement(reader))");
        code.Open("if (reader.LocalName == \"Length\")");
        code.Line($"{Values.Support}.AddItem(lengths, {Codec}.ReadInt32(reader));");
        code.Close();
        code.Open($"else if (reader.LocalName == \"Items\" && {Codec}.StartContent(reader))");
        code.Open($"while ({Codec}.NextElement(reader))");
        code.Line($"var item = {Read(element)};");
        Values.CheckRead(code, element, shape.ElementAllowsNull, "item");
        code.Line($"{Values.Support}.AddItem(items, item);");
        code.Close();
        code.Line($"{Codec}.EndContent(reader);");
        code.Close();
        code.Open("else if (reader.NodeType == global::System.Xml.XmlNodeType.Element && reader.LocalName != \"Items\")");
        code.Line($"{Codec}.Skip(reader);");
        code.Close();
        code.Close();
        code.Line($"{Codec}.EndContent(reader);");
        code.Close();
        code.Line();
        code.Line("return FromCells(lengths, items);");
    }

    private static void ReadComponents(CodeWriter code, ValueShape shape)
    {
        var model = shape.Components!;
        if (shape.IsReferenceType)
        {
            ReadStart(code, shape);
        }
        else
        {
            code.Open($"if ({Codec}.ReadNil(reader))");
            code.Line($"throw new global::System.Xml.XmlException(\"Nil where a {Values.Escape(model.DisplayName)} (a struct) is needed.\");");
            code.Close();
            code.Line();
        }

        for (var i = 0; i < model.Items.Count; i++)
        {
            code.Line($"{model.Items[i].Shape.TypeName} c{i} = default;");
        }

        code.Open($"if ({Codec}.StartContent(reader))");
        code.Open($"while ({Codec}.NextElement(reader))");
        code.Open("switch (reader.LocalName)");
        for (var i = 0; i < model.Items.Count; i++)
        {
            code.Line($"case {Values.Literal(SchemaNames.Element(model.Items[i].Accessor))}:");
            code.Indent();
            code.Line($"c{i} = {Read(model.Items[i].Shape)};");
            code.Line("continue;");
            code.Outdent();
        }

        code.Close();
        code.Line();
        code.Line($"{Codec}.Skip(reader);");
        code.Close();
        code.Line($"{Codec}.EndContent(reader);");
        code.Close();
        code.Line();
        for (var i = 0; i < model.Items.Count; i++)
        {
            Values.CheckRead(code, model.Items[i].Shape, model.Items[i].AllowsNull, "c" + i);
        }

        code.Line($"return {ObjectCode.Construct(model)};");
    }

    /// <summary>A multi-dimensional array's cells as one span, in row-major order.</summary>
    public static string Cells(ValueShape shape, string array) =>
        $"global::System.Runtime.InteropServices.MemoryMarshal.CreateSpan(ref global::System.Runtime.CompilerServices.Unsafe.As<byte, {shape.Element!.TypeName}>(ref global::System.Runtime.InteropServices.MemoryMarshal.GetArrayDataReference({array})), {array}.Length)";

    private static string Display(ValueShape shape) => ObjectCode.Display(shape);
}

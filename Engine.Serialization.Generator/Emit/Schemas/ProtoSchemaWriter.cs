using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using Engine.Serialization.Generator.Analysis;
using Engine.Serialization.Generator.Emit.Protobuf;

namespace Engine.Serialization.Generator.Emit.Schemas;

/// <summary>
/// A save model's .proto (proto2): one message per object, union, tuple, multi-dimensional array and wrapped collection,
/// one enum per enum, exactly as the generated codec writes them. Object messages carry their .NET type in the comment
/// above them and their removed fields as <c>reserved</c>: the file is also the record <see cref="ProtoLock"/> reads back.
/// </summary>
internal sealed class ProtoSchemaWriter
{
    private readonly SchemaTypes _types;

    // Each message's text in the order the messages were met (a message's slot is taken before the messages its
    // fields bring in are written), so the root comes first.
    private readonly List<string> _messages = new();
    private readonly StringBuilder _enums = new();
    private readonly HashSet<string> _written = new();
    private bool _timestamp;
    private bool _duration;
    private bool _dateTimeOffset;

    private ProtoSchemaWriter(SchemaTypes types) => this._types = types;

    public static string Write(SaveModelInfo model, SchemaTypes types)
    {
        var writer = new ProtoSchemaWriter(types);
        foreach (var shape in types.Shapes)
        {
            writer.Type(shape);
        }

        var package = Package(model.Root.TypeName);
        var header = new StringBuilder();
        header.Append($$"""
            // The protobuf schema of the save model '{{model.ModelId}}' (schema version {{model.SchemaVersion}}), generated from the model's declaration by
            // Engine.Serialization.Generator. It is also the record of the model's field numbers, which the generator reads back: a
            // member keeps its number for good, and a removed member's number stays reserved. Check it in; after changing the model,
            // write it again with: bash build/schemas.sh
            //
            // A save's payload is one {{types.Name(model.Root)}} message (docs/FORMAT.md says how to cut it out of a save file):
            //   protoc --decode={{package}}.{{types.Name(model.Root)}} {{model.ModelId}}.proto < payload.bin
            syntax = "proto2";

            package {{package}};

            """).Append('\n');
        if (writer._timestamp)
        {
            header.Append("import \"google/protobuf/timestamp.proto\";\n");
        }

        if (writer._duration)
        {
            header.Append("import \"google/protobuf/duration.proto\";\n");
        }

        if (writer._timestamp || writer._duration)
        {
            header.Append('\n');
        }

        if (writer._dateTimeOffset)
        {
            writer.Message("DateTimeOffset", "A point in time and the offset from UTC it was seen at.",
                ["optional google.protobuf.Timestamp utc_time = 1;", "optional sint32 offset_minutes = 2;"]);
        }

        return (header.ToString() + string.Concat(writer._messages) + writer._enums).TrimEnd('\n') + "\n";
    }

    /// <summary>The package: the root type's namespace, lower case (<c>engine.core.model</c>).</summary>
    private static string Package(string typeName)
    {
        var name = typeName.Replace("global::", string.Empty);
        var generic = name.IndexOf('<');
        var plain = generic < 0 ? name : name.Substring(0, generic);
        var dot = plain.LastIndexOf('.');
        return dot < 0 ? "save" : plain.Substring(0, dot).ToLowerInvariant();
    }

    private void Type(ValueShape shape)
    {
        System.Action declare = shape.Kind switch
        {
            ShapeKind.Object => () => Object(_types.Object(shape)!),
            ShapeKind.Union => () => Union(_types.Union(shape)!),
            ShapeKind.Components => () => Components(shape),
            ShapeKind.MultiArray => () => Message(_types.Name(shape), null, Lazy(() => Field("repeated", "int32", "lengths", 1, packed: true), () => Items(shape, 2, "items"))),
            ShapeKind.Enum or ShapeKind.EnumByName => () => Enum(shape),
            ShapeKind.Primitive or ShapeKind.DateTime or ShapeKind.Scalar or ShapeKind.Nullable or ShapeKind.Sequence or ShapeKind.Dictionary
                or ShapeKind.Bytes or ShapeKind.Custom => NoOwnType,
        };
        declare();

        // Written with protobuf's own types, or as fields of the message that holds it: no message of its own.
        static void NoOwnType()
        {
        }
    }

    private void Object(ObjectModel type)
    {
        var numbers = _types.Numbers(type);
        Message(numbers.MessageName, type.DisplayName, ObjectFields(type, numbers));
    }

    private IEnumerable<string> ObjectFields(ObjectModel type, ProtoNumbers numbers)
    {
        // An iterator: the fields are written once the message's slot is taken.
        for (var i = 0; i < type.Members.Count; i++)
        {
            var member = type.Members[i];
            if (!member.IsRestored || numbers.Fields[i] == 0)
            {
                continue;
            }

            var shape = member.Shape;
            var name = SchemaNames.Snake(member.Key);
            if (ProtobufEmitter.IsRepeated(shape))
            {
                yield return shape.Kind == ShapeKind.Dictionary
                    ? Field("repeated", Entry(shape), name, numbers.Fields[i])
                    : Items(shape, numbers.Fields[i], name);
            }
            else
            {
                var scalar = shape.Kind == ShapeKind.Nullable ? shape.Element! : shape;
                var @default = member.CtorParameter < 0 && member.DefaultText is { } text ? DefaultLiteral(scalar, text) : null;
                yield return Field("optional", FieldType(shape), name, numbers.Fields[i], @default: @default);
            }
        }

        if (numbers.ReservedNumbers.Count > 0)
        {
            yield return "reserved " + string.Join(", ", numbers.ReservedNumbers.Select(n => n.ToString(CultureInfo.InvariantCulture))) + ";";
        }

        if (numbers.ReservedNames.Count > 0)
        {
            yield return "reserved " + string.Join(", ", numbers.ReservedNames.Select(n => "\"" + n + "\"")) + ";";
        }
    }

    private void Union(UnionModel union)
    {
        var cases = union.Cases.Select(c => "  " + Field(null, FieldType(c.Shape), SchemaNames.Snake(c.Shape.SchemaName), c.Key + 1));
        Message(_types.Name(union.Shape), null, new[] { "oneof value {" }.Concat(cases).Append("}"));
    }

    private void Components(ValueShape shape)
    {
        var parts = shape.Components!.Items;
        var fields = parts.Select((p, i) => Field("optional", FieldType(p.Shape), SchemaNames.Snake(p.Accessor), i + 1));
        Message(_types.Name(shape), null, fields);
    }

    /// <summary>A collection's items as repeated field <paramref name="number"/>: numbers packed; items that may be null wrapped.</summary>
    private string Items(ValueShape collection, int number, string name)
    {
        var element = collection.Element!;
        if (ProtobufEmitter.WrapsItems(collection))
        {
            var inner = element.Kind == ShapeKind.Nullable ? element.Element! : element;
            var wrapper = _types.Name(element, "Nullable", string.Empty);
            Message(wrapper, "An item that may be null: absent for null.", Lazy(() => Field("optional", FieldType(inner), "value", 1)));

            return Field("repeated", wrapper, name, number);
        }

        var packed = ProtoScalars.Of(element) is { Packing: not Packing.None };
        return Field("repeated", FieldType(element), name, number, packed);
    }

    /// <summary>A dictionary's entry message (key 1, value 2), written once.</summary>
    private string Entry(ValueShape dictionary)
    {
        var entry = _types.Name(dictionary, string.Empty, "Entry");
        var value = dictionary.Element!.Kind == ShapeKind.Nullable ? dictionary.Element.Element! : dictionary.Element!;
        Message(entry, null, Lazy(() => Field("optional", FieldType(dictionary.Key!), "key", 1), () => Field("optional", FieldType(value), "value", 2)));

        return entry;
    }

    /// <summary>The .proto type of a value that is one field (not repeated).</summary>
    private string FieldType(ValueShape shape)
    {
        if (shape.Kind == ShapeKind.Nullable)
        {
            return FieldType(shape.Element!);
        }

        if (shape.Kind is ShapeKind.Enum or ShapeKind.EnumByName)
        {
            return IsProtoEnum(shape) ? _types.Name(shape) : ProtoScalars.EnumType(shape);
        }

        if (ProtoScalars.Of(shape) is { } scalar)
        {
            _timestamp |= scalar.ProtoType is "google.protobuf.Timestamp" or "DateTimeOffset";
            _duration |= scalar.ProtoType == "google.protobuf.Duration";
            _dateTimeOffset |= scalar.ProtoType == "DateTimeOffset";
            return scalar.ProtoType;
        }

        // A collection that is itself a value (an item of another, a dictionary's value, a tuple's part) is a message
        // holding its items as field 1.
        if (shape.Kind == ShapeKind.Sequence)
        {
            Message(_types.Name(shape), null, Lazy(() => Items(shape, 1, "items")));
        }
        else if (shape.Kind == ShapeKind.Dictionary)
        {
            Message(_types.Name(shape), null, Lazy(() => Field("repeated", Entry(shape), "entries", 1)));
        }

        return _types.Name(shape);
    }

    /// <summary>Whether the enum is a protobuf enum, rather than an integer (a [Flags] or 64-bit enum).</summary>
    private static bool IsProtoEnum(ValueShape shape) => ProtoScalars.EnumType(shape) == SchemaNames.Capitalized(shape.SchemaName);

    /// <summary>Writes a message once, in a slot taken before its fields (which may bring in other messages) are written.</summary>
    private void Message(string name, string? comment, IEnumerable<string> lines)
    {
        if (!_written.Add(name))
        {
            return;
        }

        var slot = _messages.Count;
        _messages.Add(string.Empty);
        var text = new StringBuilder();
        if (comment is not null)
        {
            text.Append("// ").Append(comment).Append('\n');
        }

        text.Append("message ").Append(name).Append(" {\n");
        foreach (var line in lines)
        {
            text.Append("  ").Append(line).Append('\n');
        }

        text.Append("}\n\n");
        _messages[slot] = text.ToString();
    }

    private void Enum(ValueShape shape)
    {
        if (!IsProtoEnum(shape))
        {
            return;
        }

        var name = _types.Name(shape);
        if (!_written.Add("enum " + name))
        {
            return;
        }

        var values = shape.Names!.Names;
        var text = new StringBuilder($"enum {name} {{\n");
        if (values.GroupBy(v => v.Value).Any(g => g.Count() > 1))
        {
            text.Append("  option allow_alias = true;\n");
        }

        foreach (var value in values)
        {
            text.Append($"  {SchemaNames.EnumValue(name, value.Member)} = {value.Value};\n");
        }

        text.Append("}\n\n");
        _enums.Append(text);
    }

    /// <summary>Lines computed as the message is written, after its slot is taken.</summary>
    private static IEnumerable<string> Lazy(params System.Func<string>[] lines) => lines.Select(line => line());

    private static string Field(string? label, string type, string name, int number, bool packed = false, string? @default = null)
    {
        var options = new List<string>();
        if (@default is not null)
        {
            options.Add("default = " + @default);
        }

        if (packed)
        {
            options.Add("packed = true");
        }

        var prefix = label is null ? string.Empty : label + " ";
        var suffix = options.Count == 0 ? string.Empty : " [" + string.Join(", ", options) + "]";
        return $"{prefix}{type} {name} = {number.ToString(CultureInfo.InvariantCulture)}{suffix};";
    }

    /// <summary>A member's constant initial value as a proto2 default, when it is not the type's zero value.</summary>
    private string? DefaultLiteral(ValueShape shape, string text) => shape.Kind switch
    {
        ShapeKind.Enum or ShapeKind.EnumByName => EnumDefault(shape, text),
        ShapeKind.Primitive when shape.TypeName == "string" => text.Length == 0 ? null : Quoted(text),
        ShapeKind.Primitive when shape.TypeName == "bool" => text == "true" ? "true" : null,
        ShapeKind.Primitive when shape.TypeName is "float" or "double" => text switch
        {
            "0" => null,
            "NaN" => "nan",
            "Infinity" or "∞" => "inf",
            "-Infinity" or "-∞" => "-inf",
            _ => text,
        },
        ShapeKind.Primitive when shape.TypeName != "char" => text == "0" ? null : text,

        // A char is a number in protobuf and its constant a character; the other kinds have no proto2 default.
        ShapeKind.Primitive or ShapeKind.DateTime or ShapeKind.Scalar or ShapeKind.Components or ShapeKind.Object or ShapeKind.Union
            or ShapeKind.Nullable or ShapeKind.Sequence or ShapeKind.Dictionary or ShapeKind.MultiArray or ShapeKind.Bytes or ShapeKind.Custom => null,
    };

    private string? EnumDefault(ValueShape shape, string text)
    {
        var value = shape.Names!.Names.FirstOrDefault(n => n.Member == text);
        if (value is null || value.Value == "0")
        {
            return null;
        }

        return IsProtoEnum(shape) ? SchemaNames.EnumValue(_types.Name(shape), value.Member) : value.Value;
    }

    private static string Quoted(string text)
    {
        var quoted = new StringBuilder("\"");
        foreach (var c in text)
        {
            quoted.Append(c switch
            {
                '"' => "\\\"",
                '\\' => "\\\\",
                '\n' => "\\n",
                '\r' => "\\r",
                '\t' => "\\t",
                _ when c < 0x20 => "\\" + System.Convert.ToString(c, 8).PadLeft(3, '0'),
                _ => c.ToString(),
            });
        }

        return quoted.Append('"').ToString();
    }
}

using System.Collections.Generic;
using System.Linq;
using System.Text;
using Engine.Serialization.Generator.Analysis;

namespace Engine.Serialization.Generator.Emit.Schemas;

/// <summary>
/// A save model's XML schema (XSD 1.0, no target namespace): the document the generated XML codec writes, with each
/// member optional (older and newer saves may lack some) and nillable where the model allows null.
/// </summary>
internal sealed class XsdWriter
{
    private const string Indent = "  ";
    private readonly SchemaTypes _types;
    private readonly StringBuilder _text = new();
    private readonly SortedDictionary<string, string> _patterns = new(System.StringComparer.Ordinal);

    private XsdWriter(SchemaTypes types) => this._types = types;

    public static string Write(SaveModelInfo model, SchemaTypes types)
    {
        var writer = new XsdWriter(types);
        foreach (var shape in types.Shapes)
        {
            writer.Type(shape);
        }

        foreach (var pattern in writer._patterns)
        {
            writer._text.Append(Indent + $"<xs:simpleType name=\"{pattern.Key}\">\n")
                .Append(Indent + "  <xs:restriction base=\"xs:string\">\n")
                .Append(Indent + $"    <xs:pattern value=\"{pattern.Value}\" />\n")
                .Append(Indent + "  </xs:restriction>\n")
                .Append(Indent + "</xs:simpleType>\n\n");
        }

        // A comment can't hold "--": xmllint takes its options with one hyphen too.
        var id = model.ModelId.Replace("--", "- -");
        return $"""
            <?xml version="1.0" encoding="utf-8"?>
            <!--
              The XML schema of the save model '{id}' (schema version {model.SchemaVersion}), generated from the model's declaration by
              Engine.Serialization.Generator. Check it in; after changing the model, write it again with: bash build/schemas.sh
              Validate a save's payload (docs/FORMAT.md says how to cut it out of a save file):
                xmllint -noout -schema {id}.xsd payload.xml
            -->
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" elementFormDefault="qualified">
            {Indent}<xs:element name="{model.Root.SchemaName}" type="{types.Name(model.Root)}" />

            """ + writer._text.ToString().TrimEnd('\n') + "\n</xs:schema>\n";
    }

    private void Type(ValueShape shape)
    {
        System.Action declare = shape.Kind switch
        {
            ShapeKind.Object => ObjectType,
            ShapeKind.Union => () => Complex(_types.Name(shape), "choice", _types.Union(shape)!.Cases.Select(c => Element(c.Shape.SchemaName, c.Shape, false, null)),
                "<xs:attribute name=\"case\" type=\"xs:int\" />"),
            ShapeKind.Components => () => Complex(_types.Name(shape), "sequence",
                shape.Components!.Items.Select(p => Element(SchemaNames.Element(p.Accessor), p.Shape, p.AllowsNull, "minOccurs=\"0\""))),
            ShapeKind.Sequence => () => Complex(_types.Name(shape), "sequence",
                [Element(shape.Element!.SchemaName, shape.Element!, shape.ElementAllowsNull, "minOccurs=\"0\" maxOccurs=\"unbounded\"")]),
            ShapeKind.Dictionary => DictionaryType,
            ShapeKind.MultiArray => GridType,
            ShapeKind.Enum or ShapeKind.EnumByName => () => Enum(shape),
            ShapeKind.Primitive or ShapeKind.DateTime or ShapeKind.Scalar or ShapeKind.Nullable or ShapeKind.Bytes or ShapeKind.Custom => NoOwnType,
        };
        declare();

        void ObjectType()
        {
            var type = _types.Object(shape)!;
            Complex(_types.Name(shape), "sequence", type.Members.Where(m => m.IsRestored)
                .Select(m => Element(SchemaNames.Element(m.Key), m.Shape, m.AllowsNull, "minOccurs=\"0\"")));
        }

        void DictionaryType()
        {
            var entry = _types.Name(shape, string.Empty, "Entry");
            Complex(_types.Name(shape), "sequence", [$"<xs:element name=\"Entry\" type=\"{entry}\" minOccurs=\"0\" maxOccurs=\"unbounded\" />"]);
            Complex(entry, "sequence", [Element("Key", shape.Key!, false, null), Element("Value", shape.Element!, shape.ElementAllowsNull, null)]);
        }

        void GridType()
        {
            var items = _types.Name(shape, string.Empty, "Items");
            Complex(_types.Name(shape), "sequence",
            [
                $"<xs:element name=\"Length\" type=\"xs:int\" minOccurs=\"{shape.Rank}\" maxOccurs=\"{shape.Rank}\" />",
                $"<xs:element name=\"Items\" type=\"{items}\" />",
            ]);
            Complex(items, "sequence", [Element(shape.Element!.SchemaName, shape.Element!, shape.ElementAllowsNull, "minOccurs=\"0\" maxOccurs=\"unbounded\"")]);
        }

        // An XSD built-in type, or the element's own type with xsi:nil: no type of its own.
        static void NoOwnType()
        {
        }
    }

    private string Element(string name, ValueShape shape, bool allowsNull, string? occurs)
    {
        var nillable = ShapeFacts.MayBeNull(shape, allowsNull) ? " nillable=\"true\"" : string.Empty;
        var extra = occurs is null ? string.Empty : " " + occurs;
        return $"<xs:element name=\"{name}\" type=\"{TypeOf(shape)}\"{extra}{nillable} />";
    }

    private string TypeOf(ValueShape shape)
    {
        if (shape.Kind == ShapeKind.Nullable)
        {
            return TypeOf(shape.Element!);
        }

        if (shape.Kind is ShapeKind.Bytes or ShapeKind.Custom)
        {
            return "xs:base64Binary";
        }

        if (shape.Kind is ShapeKind.Primitive or ShapeKind.DateTime or ShapeKind.Scalar)
        {
            switch (shape.TypeName)
            {
                case "bool": return "xs:boolean";
                case "byte": return "xs:unsignedByte";
                case "sbyte": return "xs:byte";
                case "short": return "xs:short";
                case "ushort" or "char": return "xs:unsignedShort";
                case "int": return "xs:int";
                case "uint" or "global::System.Text.Rune": return "xs:unsignedInt";
                case "long": return "xs:long";
                case "ulong": return "xs:unsignedLong";
                case "float" or "global::System.Half": return "xs:float";
                case "double": return "xs:double";
                // Patterns rather than xs:decimal and xs:integer: validators need not take more than 18 digits (libxml2 takes 24),
                // and a decimal has 29, an Int128 39.
                case "decimal": return Pattern("decimalText", @"-?[0-9]+(\.[0-9]+)?");
                case "global::System.DateTime" or "global::System.DateTimeOffset": return "xs:dateTime";
                case "global::System.TimeSpan": return "xs:duration";
                case "global::System.DateOnly": return "xs:date";
                case "global::System.TimeOnly": return "xs:time";
                case "global::System.Int128" or "global::System.UInt128" or "global::System.Numerics.BigInteger": return Pattern("integerText", "-?[0-9]+");
                case "global::System.Guid": return Pattern("guid", "[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}");
                default: return "xs:string";
            }
        }

        return _types.Name(shape);
    }

    /// <summary>A simple type of text matching <paramref name="pattern"/>, written once at the end.</summary>
    private string Pattern(string name, string pattern)
    {
        _patterns[name] = pattern;
        return name;
    }

    private void Complex(string name, string group, IEnumerable<string> elements, string? attribute = null)
    {
        _text.Append($"{Indent}<xs:complexType name=\"{name}\">\n{Indent}  <xs:{group}>\n");
        foreach (var element in elements)
        {
            _text.Append(Indent).Append("    ").Append(element).Append('\n');
        }

        _text.Append($"{Indent}  </xs:{group}>\n");
        if (attribute is not null)
        {
            _text.Append(Indent).Append("  ").Append(attribute).Append('\n');
        }

        _text.Append($"{Indent}</xs:complexType>\n\n");
    }

    /// <summary>An enum's text: its members' names (space-separated for [Flags]), or a number for any other value.</summary>
    private void Enum(ValueShape shape)
    {
        var names = shape.Names!;
        var lines = new List<string> { $"<xs:simpleType name=\"{_types.Name(shape)}\">", "  <xs:union memberTypes=\"xs:long\">", "    <xs:simpleType>" };
        var depth = names.IsFlags ? "          " : "      ";
        if (names.IsFlags)
        {
            lines.Add("      <xs:list>");
            lines.Add("        <xs:simpleType>");
        }

        lines.Add(depth + "<xs:restriction base=\"xs:string\">");
        lines.AddRange(names.Names.Select(n => n.Member).Distinct().Select(n => $"{depth}  <xs:enumeration value=\"{n}\" />"));
        lines.Add(depth + "</xs:restriction>");
        if (names.IsFlags)
        {
            lines.Add("        </xs:simpleType>");
            lines.Add("      </xs:list>");
        }

        lines.AddRange(["    </xs:simpleType>", "  </xs:union>", "</xs:simpleType>"]);
        foreach (var line in lines)
        {
            _text.Append(Indent).Append(line).Append('\n');
        }

        _text.Append('\n');
    }
}

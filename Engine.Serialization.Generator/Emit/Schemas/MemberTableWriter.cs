using System.Linq;
using System.Text;
using Engine.Serialization.Generator.Analysis;
using Engine.Serialization.Generator.Emit.Protobuf;

namespace Engine.Serialization.Generator.Emit.Schemas;

/// <summary>
/// A save model's members in every format, as Markdown tables for docs/FORMAT.md: for each object, each member's
/// MessagePack key (and the earlier keys a load reads into it), whether it may be nil (by the rule the generated null checks follow), XML element and protobuf field;
/// for each union, each case's key, element and field.
/// </summary>
internal static class MemberTableWriter
{
    public static string Write(SaveModelInfo model, SchemaTypes types)
    {
        var text = new StringBuilder();
        text.Append($"Model `{model.ModelId}`, schema version {model.SchemaVersion}: the root is `{ObjectCode.Display(model.Root)}`, ")
            .Append($"the XML root element `<{model.Root.SchemaName}>`, the protobuf message `{types.Name(model.Root)}`. ")
            .Append("Column nil: whether the member may be nil (MessagePack) or `xsi:nil` (XML); where it says no, a nil is damage ")
            .Append("and a save refuses the null. Then the same for a collection's items or a dictionary's values, and theirs. ")
            .Append("Protobuf has no nil: an absent field keeps the model's default.\n");
        foreach (var shape in types.Shapes)
        {
            if (types.Object(shape) is { } type)
            {
                var numbers = types.Numbers(type);
                text.Append($"\n#### {types.Name(shape)}\n\n`{type.DisplayName}`\n\n")
                    .Append("| MessagePack key | .NET type | nil | XML element | protobuf field |\n|---|---|---|---|---|\n");
                for (var i = 0; i < type.Members.Count; i++)
                {
                    var member = type.Members[i];
                    var nullable = member.Shape.Kind != ShapeKind.Nullable && ShapeFacts.MayBeNull(member.Shape, member.AllowsNull) ? "?" : string.Empty;
                    var xml = member.IsRestored ? $"`<{SchemaNames.Element(member.Key)}>`" : "not written";
                    var proto = member.IsRestored && numbers.Fields[i] > 0
                        ? $"{numbers.Fields[i]} `{SchemaNames.Snake(member.Key)}`{(ProtobufEmitter.IsRepeated(member.Shape) ? " (repeated)" : string.Empty)}"
                        : "not written";
                    var formerly = member.FormerKeys.Count == 0 ? string.Empty : $" (read also as {string.Join(", ", member.FormerKeys.Select(k => $"`{k}`"))})";
                    text.Append($"| `{member.Key}`{formerly} | `{Display(member.Shape)}{nullable}` | {Nil(member.Shape, member.AllowsNull)} | {xml} | {proto} |\n");
                }

                if (numbers.ReservedNumbers.Count > 0)
                {
                    text.Append($"\nReserved protobuf fields (removed members): {string.Join(", ", numbers.ReservedNumbers)}.\n");
                }
            }
            else if (types.Union(shape) is { } union)
            {
                text.Append($"\n#### {types.Name(shape)}\n\n`{union.DisplayName}`, a union: one of its cases.\n\n")
                    .Append("| union key | case | XML element | protobuf field |\n|---|---|---|---|\n");
                foreach (var @case in union.Cases)
                {
                    text.Append($"| {@case.Key} | `{Display(@case.Shape)}` | `<{@case.Shape.SchemaName}>` | {@case.Key + 1} `{SchemaNames.Snake(@case.Shape.SchemaName)}` |\n");
                }
            }
        }

        return text.ToString();
    }

    /// <summary>
    /// Whether nil may stand for a value of the shape ("yes", "no"), then the same for its items (a dictionary's values) at
    /// each level of collections inside: "no; items: yes", "no; items: no; items of items: yes".
    /// </summary>
    private static string Nil(ValueShape shape, bool allowsNull)
    {
        var text = new StringBuilder(YesOrNo(shape, allowsNull));
        var place = string.Empty;
        while (shape.Kind is ShapeKind.Sequence or ShapeKind.MultiArray or ShapeKind.Dictionary)
        {
            place = (shape.Kind == ShapeKind.Dictionary ? "values" : "items") + (place.Length == 0 ? string.Empty : " of " + place);
            text.Append($"; {place}: {YesOrNo(shape.Element!, shape.ElementAllowsNull)}");
            shape = shape.Element!;
        }

        return text.ToString();
    }

    private static string YesOrNo(ValueShape shape, bool allowsNull) => ShapeFacts.MayBeNull(shape, allowsNull) ? "yes" : "no";

    /// <summary>The type as C# spells it without namespaces: <c>List&lt;Room&gt;</c>.</summary>
    private static string Display(ValueShape shape) =>
        System.Text.RegularExpressions.Regex.Replace(ObjectCode.Display(shape), @"(?:\w+\.)+(?=\w)", string.Empty).Replace("|", "\\|");
}

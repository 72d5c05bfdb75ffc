using System.Text;
using Engine.Serialization.Generator.Analysis;
using Engine.Serialization.Generator.Emit.Protobuf;

namespace Engine.Serialization.Generator.Emit.Schemas;

/// <summary>
/// A save model's members in every format, as Markdown tables for docs/FORMAT.md: for each object, each member's
/// MessagePack key, XML element and protobuf field; for each union, each case's key, element and field.
/// </summary>
internal static class MemberTableWriter
{
    public static string Write(SaveModelInfo model, SchemaTypes types)
    {
        var text = new StringBuilder();
        text.Append($"Model `{model.ModelId}`, schema version {model.SchemaVersion}: the root is `{ObjectCode.Display(model.Root)}`, ")
            .Append($"the XML root element `<{model.Root.SchemaName}>`, the protobuf message `{types.Name(model.Root)}`.\n");
        foreach (var shape in types.Shapes)
        {
            if (types.Object(shape) is { } type)
            {
                var numbers = types.Numbers(type);
                text.Append($"\n#### {types.Name(shape)}\n\n`{type.DisplayName}`\n\n")
                    .Append("| MessagePack key | .NET type | XML element | protobuf field |\n|---|---|---|---|\n");
                for (var i = 0; i < type.Members.Count; i++)
                {
                    var member = type.Members[i];
                    var nullable = member.AllowsNull && member.Shape.IsReferenceType ? "?" : string.Empty;
                    var xml = member.IsRestored ? $"`<{SchemaNames.Element(member.Key)}>`" : "not written";
                    var proto = member.IsRestored && numbers.Fields[i] > 0
                        ? $"{numbers.Fields[i]} `{SchemaNames.Snake(member.Key)}`{(ProtobufEmitter.IsRepeated(member.Shape) ? " (repeated)" : string.Empty)}"
                        : "not written";
                    text.Append($"| `{member.Key}` | `{Display(member.Shape)}{nullable}` | {xml} | {proto} |\n");
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

    /// <summary>The type as C# spells it without namespaces: <c>List&lt;Room&gt;</c>.</summary>
    private static string Display(ValueShape shape) =>
        System.Text.RegularExpressions.Regex.Replace(ObjectCode.Display(shape), @"(?:\w+\.)+(?=\w)", string.Empty).Replace("|", "\\|");
}

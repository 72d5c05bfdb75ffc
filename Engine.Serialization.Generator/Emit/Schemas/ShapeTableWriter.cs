using System.Collections.Generic;
using System.Linq;
using System.Text.RegularExpressions;
using Engine.Serialization.Generator.Analysis;
using Engine.Serialization.Generator.Emit.MessagePack;

namespace Engine.Serialization.Generator.Emit.Schemas;

/// <summary>
/// A save model's shape as runtime data (Engine.Serialization.Inspection.SaveModelShape): every type it reaches, the root
/// first, each once, referring to the others by their place in the table, so recursive models need nothing lazy.
/// Tools read it to walk a saved game by the names the game's code uses.
/// </summary>
internal sealed class ShapeTableWriter
{
    private const string Api = "global::Engine.Serialization.Inspection.";

    private static readonly Regex Qualifiers = new(@"global::(?:[A-Za-z_][A-Za-z0-9_]*\.)*", RegexOptions.CultureInvariant);

    private readonly SchemaTypes _types;
    private readonly Dictionary<ValueShape, int> _places = new();
    private readonly List<string> _entries = new();

    private ShapeTableWriter(SchemaTypes types) => _types = types;

    /// <summary>The expression creating the model's shape, from the types its schemas list (<paramref name="types"/>).</summary>
    public static string Write(SchemaTypes types, ValueShape root)
    {
        var writer = new ShapeTableWriter(types);
        writer.Place(root);
        return $"new {Api}SaveModelShape(\n    " + string.Join(",\n    ", writer._entries) + ")";
    }

    /// <summary>The shape's place in the table, adding it (and what it reaches) when it is new.</summary>
    private int Place(ValueShape shape)
    {
        if (_places.TryGetValue(shape, out var place))
        {
            return place;
        }

        place = _entries.Count;
        _places.Add(shape, place);
        _entries.Add("");
        _entries[place] = Entry(shape);
        return place;
    }

    private string Entry(ValueShape shape)
    {
        var name = Values.Literal(DisplayName(shape));
        return shape.Kind switch
        {
            ShapeKind.Primitive => $"{Api}SaveShape.Value({Api}SaveShapeKind.{PrimitiveKind(shape)}, {name})",
            ShapeKind.Enum or ShapeKind.EnumByName => EnumEntry(shape, name),
            ShapeKind.DateTime => $"{Api}SaveShape.Value({Api}SaveShapeKind.DateTime, {name})",
            ShapeKind.Bytes => $"{Api}SaveShape.Value({Api}SaveShapeKind.Bytes, {name})",
            ShapeKind.Scalar => $"{Api}SaveShape.Value({Api}SaveShapeKind.Scalar, {name})",
            ShapeKind.Custom => $"{Api}SaveShape.Value({Api}SaveShapeKind.Custom, {name})",
            ShapeKind.Components => $"{Api}SaveShape.Components({name}"
                + string.Concat(shape.Components!.Items.Select((part, i) => ", " + Member(part.Accessor, i.ToString(System.Globalization.CultureInfo.InvariantCulture), part.Shape, part.AllowsNull)))
                + ")",
            ShapeKind.Object => $"{Api}SaveShape.Object({name}"
                + string.Concat(_types.Object(shape)!.Members.Select(m => ", " + Member(m.Name, m.Key, m.Shape, m.AllowsNull)))
                + ")",
            ShapeKind.Union => $"{Api}SaveShape.Union({name}"
                + string.Concat(_types.Union(shape)!.Cases.Select(c => $", new {Api}SaveUnionCase({c.Key}, {Place(c.Shape)})"))
                + ")",
            ShapeKind.Nullable => $"{Api}SaveShape.Nullable({name}, {Place(shape.Element!)})",
            ShapeKind.Sequence => $"{Api}SaveShape.Sequence({name}, {Place(shape.Element!)}, {Bool(AllowsNull(shape.Element!, shape.ElementAllowsNull))})",
            ShapeKind.Dictionary => $"{Api}SaveShape.Dictionary({name}, {Place(shape.Key!)}, {Place(shape.Element!)}, {Bool(AllowsNull(shape.Element!, shape.ElementAllowsNull))})",
            ShapeKind.MultiArray => $"{Api}SaveShape.Grid({name}, {shape.Rank}, {Place(shape.Element!)}, {Bool(AllowsNull(shape.Element!, shape.ElementAllowsNull))})",
        };
    }

    private string Member(string name, string key, ValueShape shape, bool allowsNull) =>
        $"new {Api}SaveShapeMember({Values.Literal(name)}, {Values.Literal(key)}, {Place(shape)}, {Bool(AllowsNull(shape, allowsNull))})";

    /// <summary>Whether a value allows null: a reference the model allows to be null, or a Nullable&lt;T&gt;.</summary>
    private static bool AllowsNull(ValueShape shape, bool referenceAllowsNull) => referenceAllowsNull || shape.Kind == ShapeKind.Nullable;

    private static string EnumEntry(ValueShape shape, string name)
    {
        var names = shape.Names!;
        return $"{Api}SaveShape.Enum({name}, {Bool(shape.Kind == ShapeKind.EnumByName)}, {Bool(names.IsFlags)}, {Bool(names.KeepsUndefined)}"
            + string.Concat(names.Names.Select(n => $", new {Api}SaveEnumMember({Values.Literal(n.Member)}, {Values.Literal(n.Written)}, {n.Value})"))
            + ")";
    }

    private static string PrimitiveKind(ValueShape shape) => shape.ReadMethod switch
    {
        "ReadString" => "Text",
        "ReadBoolean" => "Boolean",
        "ReadChar" => "Char",
        "ReadSingle" or "ReadDouble" => "Float",
        _ => "Integer",
    };

    /// <summary>The type as C# writes it without namespaces: <c>List&lt;Item&gt;</c>, <c>int?</c>.</summary>
    private static string DisplayName(ValueShape shape) =>
        shape.Kind == ShapeKind.Nullable ? DisplayName(shape.Element!) + "?" : Qualifiers.Replace(shape.TypeName, "");

    private static string Bool(bool value) => value ? "true" : "false";
}

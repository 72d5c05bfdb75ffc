using System.Linq;
using Engine.Serialization.Generator.Analysis;
using Engine.Serialization.Generator.Emit.MessagePack;

namespace Engine.Serialization.Generator.Emit.Checks;

/// <summary>
/// The checks a save and a load run: a static <c>Missing</c> on each shape's class whose values may hold, at any depth,
/// a null the model does not allow, returning its path ("Rooms[3].Name") or null. The formats' writers refuse such a
/// null as they meet it; this walk names the place.
/// </summary>
internal static class ChecksEmitter
{
    public static string Emit(GenerationModel model)
    {
        var code = ObjectCode.OpenPart(model);
        var facts = new Facts(model);
        foreach (var type in model.Objects.Where(o => facts.MayHoldMissing(o.Shape)))
        {
            code.Gap();
            code.Open($"partial class {type.Shape.HelperName}");
            ObjectMissing(code, type, facts);
            code.Close();
        }

        foreach (var union in model.Unions.Where(u => facts.MayHoldMissing(u.Shape)))
        {
            code.Gap();
            code.Open($"partial class {union.Shape.HelperName}");
            UnionMissing(code, union, facts);
            code.Close();
        }

        foreach (var helper in model.Helpers.Where(facts.MayHoldMissing))
        {
            code.Gap();
            code.Open($"partial class {helper.HelperName}");
            HelperMissing(code, helper, facts);
            code.Close();
        }

        if (model.CheckedEnums.Count > 0)
        {
            code.Gap();
            EnumValues(code, model.CheckedEnums);
        }

        code.Close();
        return code.ToString();
    }

    /// <summary>
    /// Per enum, the check the formats' writers and readers wrap its values in: a value the enum does not declare could
    /// never be loaded, and one in a save is a newer game's or an edit. Zero, the value of a member never set, always
    /// passes; a [Flags] enum's value passes when each of its bits is one the enum names.
    /// </summary>
    private static void EnumValues(CodeWriter code, EquatableArray<ValueShape> enums)
    {
        code.Open("private static class EnumValues");
        foreach (var shape in enums)
        {
            var type = shape.TypeName;
            var display = Values.Literal(ObjectCode.Display(shape));
            code.Line($"public static {type} Saved({type} value) => Defined(value) ? value : throw {Values.Support}.UndefinedEnumAtSave({display}, value);");
            code.Line($"public static {type} Loaded({type} value) => Defined(value) ? value : throw {Values.Support}.UndefinedEnumAtLoad({display}, value);");
            code.Line($"private static bool Defined({type} value) => {DefinedCondition(shape)};");
        }

        code.Close();
    }

    private static string DefinedCondition(ValueShape shape)
    {
        var names = shape.Names!;
        if (names.IsFlags)
        {
            var bits = names.Names.Aggregate(0UL, (mask, name) => mask | Raw(name.Value));
            return $"unchecked((ulong)value & ~0x{bits:X}UL) == 0UL";
        }

        var values = names.Names.Where(n => n.WritesValue).Select(n => $"{shape.TypeName}.@{n.Member}");
        return "value is " + string.Join(" or ", names.Names.Any(n => Raw(n.Value) == 0) ? values : values.Prepend($"({shape.TypeName})0"));
    }

    /// <summary>An enum value's bits as C# converts it to ulong (a negative one sign-extended).</summary>
    private static ulong Raw(string value) =>
        long.TryParse(value, System.Globalization.NumberStyles.AllowLeadingSign, System.Globalization.CultureInfo.InvariantCulture, out var signed)
            ? unchecked((ulong)signed)
            : ulong.Parse(value, System.Globalization.CultureInfo.InvariantCulture);

    private static void ObjectMissing(CodeWriter code, ObjectModel type, Facts facts)
    {
        var shape = type.Shape;
        code.Open($"public static string Missing({shape.TypeName} value)");
        ObjectCode.Nest(code, facts.Recursive);
        for (var i = 0; i < type.Members.Count; i++)
        {
            var member = type.Members[i];
            FindMissing(code, facts, member.Shape, member.AllowsNull, string.Format(member.Get, "value"), "m" + i, Values.Literal(member.Name.TrimStart('@')));
        }

        code.Line("return null;");
        code.Close();
    }

    private static void UnionMissing(CodeWriter code, UnionModel union, Facts facts)
    {
        var shape = union.Shape;
        code.Open($"public static string Missing({shape.TypeName} value)");
        ObjectCode.Nest(code, facts.Recursive);
        code.Line("var type = value.GetType();");
        foreach (var @case in union.Cases)
        {
            if (facts.MayHoldMissing(@case.Shape))
            {
                code.Open($"if (type == typeof({@case.Shape.TypeName}))");
                code.Line($"return {@case.Shape.HelperName}.Missing(({@case.Shape.TypeName})value);");
                code.Close();
            }
        }

        code.Line("return null;");
        code.Close();
    }

    private static void HelperMissing(CodeWriter code, ValueShape shape, Facts facts)
    {
        code.Open($"public static string Missing({shape.TypeName} value)");
        System.Action<CodeWriter, ValueShape, Facts> walk = shape.Kind switch
        {
            ShapeKind.Nullable => NullableMissing,
            ShapeKind.Components => PartsMissing,
            ShapeKind.Dictionary => ValuesMissing,
            ShapeKind.MultiArray => CellsMissing,
            ShapeKind.Sequence => ItemsMissing,
            ShapeKind.Primitive or ShapeKind.Enum or ShapeKind.EnumByName or ShapeKind.DateTime or ShapeKind.Bytes or ShapeKind.Scalar
                or ShapeKind.Custom or ShapeKind.Object or ShapeKind.Union => throw ObjectCode.NotEmittedHere(shape),
        };
        walk(code, shape, facts);
        code.Close();
    }

    private static void NullableMissing(CodeWriter code, ValueShape shape, Facts facts) =>
        code.Line($"return value is {{ }} item ? {shape.Element!.HelperName}.Missing(item) : null;");

    private static void PartsMissing(CodeWriter code, ValueShape shape, Facts facts)
    {
        foreach (var part in shape.Components!.Items)
        {
            FindMissing(code, facts, part.Shape, part.AllowsNull, "value." + part.Accessor, "c" + part.Accessor.Replace(".", "_"), Values.Literal(part.Accessor));
        }

        code.Line("return null;");
    }

    private static void ValuesMissing(CodeWriter code, ValueShape shape, Facts facts)
    {
        code.Open("foreach (var pair in value)");
        FindMissing(code, facts, shape.Element!, shape.ElementAllowsNull, "pair.Value", "item", $"{Values.Support}.Index(pair.Key)");
        code.Close();
        code.Line("return null;");
    }

    private static void CellsMissing(CodeWriter code, ValueShape shape, Facts facts)
    {
        code.Line($"var items = {Cells(shape, "value")};");
        code.Open("for (var i = 0; i < items.Length; i++)");
        FindMissing(code, facts, shape.Element!, shape.ElementAllowsNull, "items[i]", "item", $"{Values.Support}.Index(value, i)");
        code.Close();
        code.Line("return null;");
    }

    private static void ItemsMissing(CodeWriter code, ValueShape shape, Facts facts)
    {
        code.Line("var i = 0;");
        code.Open("foreach (var each in value)");
        FindMissing(code, facts, shape.Element!, shape.ElementAllowsNull, "each", "item", $"{Values.Support}.Index(i)");
        code.Line("i++;");
        code.Close();
        code.Line("return null;");
    }

    /// <summary>
    /// Returns the path of a missing value at <paramref name="value"/>: <paramref name="place"/> itself when it is null and
    /// may not be, else <paramref name="place"/> joined with the path inside it. <paramref name="local"/> holds the value.
    /// </summary>
    private static void FindMissing(CodeWriter code, Facts facts, ValueShape shape, bool allowsNull, string value, string local, string place)
    {
        var checkNull = ShapeFacts.RefusesNull(shape, allowsNull);
        var inside = facts.MayHoldMissing(shape);
        if (!checkNull && !inside)
        {
            return;
        }

        code.Line($"var {local} = {value};");
        if (checkNull)
        {
            code.Line($"if ({local} is null) return {place};");
        }

        if (inside)
        {
            var test = shape.NilWhen is { } nil ? $"!{string.Format(nil, local)} && "
                : shape.IsReferenceType && !checkNull ? $"{local} is not null && " : string.Empty;
            code.Line($"if ({test}{shape.HelperName}.Missing({local}) is {{ }} {local}Path) return {Values.Support}.Join({place}, {local}Path);");
        }
    }

    private static string Cells(ValueShape shape, string array) => Xml.XmlEmitter.Cells(shape, array);
}

using System.Collections.Generic;
using System.Linq;

namespace Engine.Serialization.Generator.Analysis;

/// <summary>
/// Facts about whole shapes that only the complete graph can tell (types may refer to each other): which values a
/// snapshot can share rather than copy, which may hold a null the model does not allow somewhere inside, and whether
/// any type can contain itself.
/// </summary>
internal static class ShapeFacts
{
    /// <summary>
    /// Whether a null in a place of this shape is refused: by a save, by a load (nil in MessagePack, <c>xsi:nil</c> in XML)
    /// and by the checks' walk. The one rule every generated null check, and the member tables' nil column, follow: a
    /// reference type the model declares non-nullable.
    /// </summary>
    public static bool RefusesNull(ValueShape shape, bool allowsNull) => shape.IsReferenceType && !allowsNull;

    /// <summary>Whether a place of this shape may hold null: a reference type the model allows it in, a <c>Nullable&lt;T&gt;</c>, or a value type whose default is nil.</summary>
    public static bool MayBeNull(ValueShape shape, bool allowsNull) =>
        shape.Kind == ShapeKind.Nullable || shape.NilWhen is not null || (shape.IsReferenceType && !RefusesNull(shape, allowsNull));

    /// <summary>
    /// Helper names of the immutable shapes: parts-only structs and tuples of immutable parts, nullables of them, and
    /// immutable collections of them.
    /// </summary>
    public static List<string> Immutable(IReadOnlyList<ObjectModel> objects, IReadOnlyList<ValueShape> helpers)
    {
        var immutable = new HashSet<string>(
            objects.Where(o => o.IsStruct && o.BeforeSerialize is null).Select(o => o.Shape.HelperName!)
                .Concat(helpers.Where(h => h.Kind is ShapeKind.Components or ShapeKind.Nullable or ShapeKind.EnumByName
                    || h.Sequence is { Immutable: true } || h.Dictionary is { Immutable: true }).Select(h => h.HelperName!)));
        bool Is(ValueShape shape) =>
            shape.Kind is ShapeKind.Primitive or ShapeKind.Enum or ShapeKind.EnumByName or ShapeKind.DateTime or ShapeKind.Scalar
            || (shape.HelperName is { } name && immutable.Contains(name));

        for (var changed = true; changed;)
        {
            changed = false;
            foreach (var type in objects.Where(o => immutable.Contains(o.Shape.HelperName!)))
            {
                changed |= type.Members.Any(m => !Is(m.Shape)) && immutable.Remove(type.Shape.HelperName!);
            }

            foreach (var helper in helpers.Where(h => immutable.Contains(h.HelperName!)))
            {
                var parts = new[] { helper.Element, helper.Key }.Where(s => s is not null).Select(s => s!)
                    .Concat(helper.Components?.Items.Select(c => c.Shape) ?? Enumerable.Empty<ValueShape>());
                changed |= parts.Any(p => !Is(p)) && immutable.Remove(helper.HelperName!);
            }
        }

        return [.. immutable.OrderBy(n => n, System.StringComparer.Ordinal)];
    }

    /// <summary>
    /// Whether any shape can contain itself (a tree's node its children, a list its next link): then a value's depth
    /// has no bound the model sets, and a game's state may even hold a cycle.
    /// </summary>
    public static bool Recursive(IReadOnlyList<ObjectModel> objects, IReadOnlyList<UnionModel> unions, IReadOnlyList<ValueShape> helpers)
    {
        var children = new Dictionary<string, IEnumerable<ValueShape>>();
        foreach (var type in objects)
        {
            children[type.Shape.HelperName!] = type.Members.Select(m => m.Shape);
        }

        foreach (var union in unions)
        {
            children[union.Shape.HelperName!] = union.Cases.Select(c => c.Shape);
        }

        foreach (var helper in helpers)
        {
            children[helper.HelperName!] = new[] { helper.Element, helper.Key }.Where(s => s is not null).Select(s => s!)
                .Concat(helper.Components?.Items.Select(c => c.Shape) ?? Enumerable.Empty<ValueShape>());
        }

        // Depth-first, marking the shapes on the current path: reaching one of them again is a cycle.
        var onPath = new HashSet<string>();
        var done = new HashSet<string>();
        bool Cycles(string name)
        {
            if (done.Contains(name))
            {
                return false;
            }

            if (!onPath.Add(name))
            {
                return true;
            }

            var found = children.TryGetValue(name, out var inner)
                && inner.Any(c => c.HelperName is { } child && Cycles(child));
            onPath.Remove(name);
            done.Add(name);
            return found;
        }

        return children.Keys.Any(Cycles);
    }

    /// <summary>Helper names of the shapes whose values may hold, at any depth, a null where the model has none.</summary>
    public static List<string> MayHoldMissing(IReadOnlyList<ObjectModel> objects, IReadOnlyList<UnionModel> unions, IReadOnlyList<ValueShape> helpers)
    {
        var holding = new HashSet<string>();
        bool Place(ValueShape shape, bool allowsNull) =>
            RefusesNull(shape, allowsNull) || (shape.HelperName is { } name && holding.Contains(name));

        for (var changed = true; changed;)
        {
            changed = false;
            foreach (var type in objects)
            {
                changed |= type.Members.Any(m => Place(m.Shape, m.AllowsNull)) && holding.Add(type.Shape.HelperName!);
            }

            foreach (var union in unions)
            {
                changed |= union.Cases.Any(c => holding.Contains(c.Shape.HelperName!)) && holding.Add(union.Shape.HelperName!);
            }

            foreach (var helper in helpers)
            {
                var holds = helper.Kind switch
                {
                    ShapeKind.Nullable => helper.Element!.HelperName is { } inner && holding.Contains(inner),
                    ShapeKind.Sequence or ShapeKind.MultiArray or ShapeKind.Dictionary => Place(helper.Element!, helper.ElementAllowsNull),
                    ShapeKind.Components => helper.Components!.Items.Any(c => Place(c.Shape, c.AllowsNull)),
                    ShapeKind.Primitive or ShapeKind.Enum or ShapeKind.EnumByName or ShapeKind.DateTime or ShapeKind.Scalar or ShapeKind.Object
                        or ShapeKind.Union or ShapeKind.Bytes or ShapeKind.Custom => false,
                };
                changed |= holds && holding.Add(helper.HelperName!);
            }
        }

        return [.. holding.OrderBy(n => n, System.StringComparer.Ordinal)];
    }
}

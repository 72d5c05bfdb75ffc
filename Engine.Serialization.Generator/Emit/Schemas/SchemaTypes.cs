using System.Collections.Generic;
using System.Linq;
using Engine.Serialization.Generator.Analysis;

namespace Engine.Serialization.Generator.Emit.Schemas;

/// <summary>
/// The shapes one save model reaches, in the order its schemas list them (the root first, then as they are met), and
/// the name each has in them: an object its protobuf message's name (<see cref="ProtoNumbers"/>), anything else its
/// schema name, made unique. The .proto and the XSD use the same names.
/// </summary>
internal sealed class SchemaTypes
{
    private readonly Dictionary<string, ObjectModel> _objects;
    private readonly Dictionary<string, UnionModel> _unions;
    private readonly Dictionary<string, ProtoNumbers> _numbers;
    private readonly Dictionary<string, string> _names = new();
    private readonly HashSet<string> _taken = new();
    private readonly HashSet<string> _seen = new();

    public SchemaTypes(GenerationModel model, ValueShape root)
    {
        _objects = model.Objects.ToDictionary(o => o.Shape.HelperName!);
        _unions = model.Unions.ToDictionary(u => u.Shape.HelperName!);
        _numbers = model.ProtoNumbers.ToDictionary(n => n.HelperName);
        foreach (var number in model.ProtoNumbers)
        {
            _names[number.HelperName] = number.MessageName;
            _taken.Add(number.MessageName);
        }

        Visit(root);
    }

    /// <summary>Every shape with a type of its own in the schemas (objects, unions, collections, tuples, enums), in order.</summary>
    public List<ValueShape> Shapes { get; } = new();

    public ObjectModel? Object(ValueShape shape) => shape.HelperName is { } helper && _objects.TryGetValue(helper, out var type) ? type : null;

    public UnionModel? Union(ValueShape shape) => shape.HelperName is { } helper && _unions.TryGetValue(helper, out var union) ? union : null;

    public ProtoNumbers Numbers(ObjectModel type) => _numbers[type.Shape.HelperName!];

    /// <summary>The shape's type name in the schemas.</summary>
    public string Name(ValueShape shape) => Name(Key(shape), SchemaNames.Capitalized(shape.SchemaName));

    /// <summary>A name derived from the shape's (a wrapper, an entry), unique like the others.</summary>
    public string Name(ValueShape shape, string prefix, string suffix) => Name(prefix + Key(shape) + suffix, prefix + Name(shape) + suffix);

    private string Name(string key, string wanted)
    {
        if (!_names.TryGetValue(key, out var name))
        {
            name = wanted;
            for (var i = 2; !_taken.Add(name); i++)
            {
                name = wanted + i;
            }

            _names.Add(key, name);
        }

        return name;
    }

    /// <summary>
    /// What makes two shapes one type in the schemas: collections of the same items (a List and a HashSet of strings
    /// are written alike) and an enum however MessagePack writes it are one; anything else is its own.
    /// </summary>
    private static string Key(ValueShape shape) => shape.Kind switch
    {
        ShapeKind.Sequence => $"items of {Key(shape.Element!)}{(shape.ElementAllowsNull ? "?" : string.Empty)}",
        ShapeKind.Dictionary => $"map of {Key(shape.Key!)} to {Key(shape.Element!)}{(shape.ElementAllowsNull ? "?" : string.Empty)}",
        ShapeKind.MultiArray => $"rank {shape.Rank} of {Key(shape.Element!)}{(shape.ElementAllowsNull ? "?" : string.Empty)}",
        ShapeKind.Enum or ShapeKind.EnumByName => shape.TypeName,
        ShapeKind.Primitive or ShapeKind.DateTime or ShapeKind.Scalar => shape.TypeName,
        ShapeKind.Object or ShapeKind.Union or ShapeKind.Nullable or ShapeKind.Components or ShapeKind.Bytes or ShapeKind.Custom => shape.HelperName!,
    };

    private void Visit(ValueShape shape)
    {
        var ownType = shape.Kind is ShapeKind.Object or ShapeKind.Union or ShapeKind.Components or ShapeKind.Sequence or ShapeKind.Dictionary
            or ShapeKind.MultiArray or ShapeKind.Enum or ShapeKind.EnumByName;
        if (!_seen.Add(Key(shape)))
        {
            return;
        }

        if (ownType)
        {
            Shapes.Add(shape);
            _ = Name(shape);
        }

        if (Object(shape) is { } type)
        {
            foreach (var member in type.Members.Where(m => m.IsRestored))
            {
                Visit(member.Shape);
            }
        }

        if (Union(shape) is { } union)
        {
            foreach (var @case in union.Cases)
            {
                Visit(@case.Shape);
            }
        }

        if (shape.Key is { } key)
        {
            Visit(key);
        }

        if (shape.Element is { } element)
        {
            Visit(element);
        }

        foreach (var part in shape.Components?.Items ?? default(EquatableArray<Component>))
        {
            Visit(part.Shape);
        }
    }
}

using System.ComponentModel;

namespace Engine.Serialization.Inspection;

/// <summary>What a type of a save model is, as its saves hold it.</summary>
public enum SaveShapeKind
{
    /// <summary>A <c>[MessagePackObject]</c> class or struct: <see cref="SaveShape.Members"/>, each under its key.</summary>
    Object,

    /// <summary>A <c>[Union]</c> base: one of <see cref="SaveShape.Cases"/>, saved with its case key.</summary>
    Union,

    /// <summary>An array, list, set, queue or stack of <see cref="SaveShape.Element"/>.</summary>
    Sequence,

    /// <summary>A dictionary from <see cref="SaveShape.Key"/> to <see cref="SaveShape.Element"/>.</summary>
    Dictionary,

    /// <summary>A multi-dimensional array (<c>T[,]</c>) of <see cref="SaveShape.Rank"/> dimensions of <see cref="SaveShape.Element"/>.</summary>
    Grid,

    /// <summary><c>Nullable&lt;T&gt;</c> of <see cref="SaveShape.Element"/>.</summary>
    Nullable,

    /// <summary>An enum: <see cref="SaveShape.EnumMembers"/>, saved as numbers unless <see cref="SaveShape.EnumByName"/>.</summary>
    Enum,

    /// <summary>A fixed list of parts (a vector, a matrix, a tuple, a key-value pair): <see cref="SaveShape.Members"/>, in order.</summary>
    Components,

    /// <summary>A string.</summary>
    Text,

    /// <summary>A bool.</summary>
    Boolean,

    /// <summary>A char, saved as its UTF-16 code.</summary>
    Char,

    /// <summary>A whole number of any width (<see cref="SaveShape.TypeName"/> says which).</summary>
    Integer,

    /// <summary>A float or a double.</summary>
    Float,

    /// <summary>A DateTime, saved as a MessagePack timestamp (UTC).</summary>
    DateTime,

    /// <summary>A byte array.</summary>
    Bytes,

    /// <summary>A value MessagePack's own formatter for <see cref="SaveShape.TypeName"/> saves (Guid, TimeSpan, decimal, DateTimeOffset...).</summary>
    Scalar,

    /// <summary>A value the game's own formatter saves: its layout is the formatter's.</summary>
    Custom,
}

/// <summary>
/// One type of a save model as its saves hold it, generated from the model's declaration
/// (<see cref="SaveModelShape"/>): what tools need to read, name and edit a saved value the way the game's code does.
/// </summary>
public sealed class SaveShape
{
    private static readonly SaveShapeMember[] NoMembers = [];
    private static readonly SaveUnionCase[] NoCases = [];
    private static readonly SaveEnumMember[] NoEnumMembers = [];

    private readonly int _element;
    private readonly int _key;
    private SaveModelShape? _model;

    private SaveShape(SaveShapeKind kind, string typeName, int element = -1, int key = -1)
    {
        Kind = kind;
        TypeName = typeName;
        _element = element;
        _key = key;
    }

    public SaveShapeKind Kind { get; }

    /// <summary>The type's name as C# writes it, without namespaces: <c>List&lt;Item&gt;</c>, <c>Terrain[,]</c>, <c>int?</c>.</summary>
    public string TypeName { get; }

    /// <summary>An object's members in the order saves hold them; a components value's parts.</summary>
    public IReadOnlyList<SaveShapeMember> Members { get; private init; } = NoMembers;

    /// <summary>A union's cases.</summary>
    public IReadOnlyList<SaveUnionCase> Cases { get; private init; } = NoCases;

    /// <summary>A sequence's or grid's items, a dictionary's values, what a nullable holds; null for the other kinds.</summary>
    public SaveShape? Element => _element < 0 ? null : Model.At(_element);

    /// <summary>Whether the model allows null items (a sequence's or grid's) or values (a dictionary's): references it allows to be null, or Nullable&lt;T&gt;.</summary>
    public bool ElementAllowsNull { get; private init; }

    /// <summary>A dictionary's keys; null for the other kinds.</summary>
    public SaveShape? Key => _key < 0 ? null : Model.At(_key);

    /// <summary>A grid's number of dimensions.</summary>
    public int Rank { get; private init; }

    /// <summary>An enum's members, in declaration order.</summary>
    public IReadOnlyList<SaveEnumMember> EnumMembers { get; private init; } = NoEnumMembers;

    /// <summary>Whether the enum is [Flags].</summary>
    public bool EnumIsFlags { get; private init; }

    /// <summary>Whether the enum is saved by name (<see cref="SaveEnumMember.SavedName"/>) rather than as its number.</summary>
    public bool EnumByName { get; private init; }

    /// <summary>Whether an enum's values it does not declare are kept ([AllowUndefinedValues]) rather than refused.</summary>
    public bool EnumKeepsUndefined { get; private init; }

    private SaveModelShape Model => _model ?? throw new InvalidOperationException("The shape is not part of a model yet.");

    [EditorBrowsable(EditorBrowsableState.Never)]
    public static SaveShape Object(string typeName, params SaveShapeMember[] members) => new(SaveShapeKind.Object, typeName) { Members = members };

    [EditorBrowsable(EditorBrowsableState.Never)]
    public static SaveShape Components(string typeName, params SaveShapeMember[] parts) => new(SaveShapeKind.Components, typeName) { Members = parts };

    [EditorBrowsable(EditorBrowsableState.Never)]
    public static SaveShape Union(string typeName, params SaveUnionCase[] cases) => new(SaveShapeKind.Union, typeName) { Cases = cases };

    [EditorBrowsable(EditorBrowsableState.Never)]
    public static SaveShape Sequence(string typeName, int element, bool elementAllowsNull) =>
        new(SaveShapeKind.Sequence, typeName, element) { ElementAllowsNull = elementAllowsNull };

    [EditorBrowsable(EditorBrowsableState.Never)]
    public static SaveShape Dictionary(string typeName, int key, int value, bool valueAllowsNull) =>
        new(SaveShapeKind.Dictionary, typeName, value, key) { ElementAllowsNull = valueAllowsNull };

    [EditorBrowsable(EditorBrowsableState.Never)]
    public static SaveShape Grid(string typeName, int rank, int element, bool elementAllowsNull) =>
        new(SaveShapeKind.Grid, typeName, element) { Rank = rank, ElementAllowsNull = elementAllowsNull };

    [EditorBrowsable(EditorBrowsableState.Never)]
    public static SaveShape Nullable(string typeName, int element) => new(SaveShapeKind.Nullable, typeName, element);

    [EditorBrowsable(EditorBrowsableState.Never)]
    public static SaveShape Enum(string typeName, bool byName, bool isFlags, bool keepsUndefined, params SaveEnumMember[] members) =>
        new(SaveShapeKind.Enum, typeName) { EnumByName = byName, EnumIsFlags = isFlags, EnumKeepsUndefined = keepsUndefined, EnumMembers = members };

    /// <summary>A value without parts: text, a number, a time, bytes, a scalar or a custom-formatted value.</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static SaveShape Value(SaveShapeKind kind, string typeName) => kind switch
    {
        SaveShapeKind.Text or SaveShapeKind.Boolean or SaveShapeKind.Char or SaveShapeKind.Integer or SaveShapeKind.Float
            or SaveShapeKind.DateTime or SaveShapeKind.Bytes or SaveShapeKind.Scalar or SaveShapeKind.Custom => new(kind, typeName),
        _ => throw new ArgumentOutOfRangeException(nameof(kind), kind, "A value without parts is text, a number, a time, bytes, a scalar or custom."),
    };

    /// <summary>The member or part named <paramref name="name"/> (its C# name, else its key), or null.</summary>
    public SaveShapeMember? MemberNamed(string name) =>
        Members.FirstOrDefault(m => m.Name == name) ?? Members.FirstOrDefault(m => m.Key == name);

    /// <summary>The union case saved under <paramref name="key"/>, or null.</summary>
    public SaveUnionCase? CaseKeyed(long key) => Cases.FirstOrDefault(c => c.Key == key);

    /// <summary>The union case whose type is named <paramref name="typeName"/>, or null.</summary>
    public SaveUnionCase? CaseNamed(string typeName) => Cases.FirstOrDefault(c => c.Shape.TypeName == typeName);

    public override string ToString() => $"{TypeName} ({Kind})";

    internal void Link(SaveModelShape model)
    {
        _model = model;
        foreach (var member in Members)
        {
            member.Link(model);
        }

        foreach (var @case in Cases)
        {
            @case.Link(model);
        }
    }
}

/// <summary>A member of an object (or a part of a components value) in a <see cref="SaveShape"/>.</summary>
public sealed class SaveShapeMember
{
    private readonly int _shape;
    private SaveModelShape? _model;

    /// <param name="name">The member's C# name (a part's accessor: <c>X</c>, <c>Item1</c>).</param>
    /// <param name="key">The key saves hold it under (a part's position).</param>
    /// <param name="shape">Its type's place in the model's table.</param>
    /// <param name="allowsNull">Whether the model allows it to be null.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public SaveShapeMember(string name, string key, int shape, bool allowsNull)
    {
        Name = name;
        Key = key;
        _shape = shape;
        AllowsNull = allowsNull;
    }

    /// <summary>The member's C# name.</summary>
    public string Name { get; }

    /// <summary>The key saves hold it under: its name unless <c>[Key]</c> gives another; a part's position.</summary>
    public string Key { get; }

    public SaveShape Shape => (_model ?? throw new InvalidOperationException("The member is not part of a model yet.")).At(_shape);

    /// <summary>Whether the model allows null here (a nullable or oblivious reference type, or a Nullable&lt;T&gt;).</summary>
    public bool AllowsNull { get; }

    public override string ToString() => $"{Name}: {Shape.TypeName}";

    internal void Link(SaveModelShape model) => _model = model;
}

/// <summary>A case of a union in a <see cref="SaveShape"/>: the key saves hold it under, and its type.</summary>
public sealed class SaveUnionCase
{
    private readonly int _shape;
    private SaveModelShape? _model;

    [EditorBrowsable(EditorBrowsableState.Never)]
    public SaveUnionCase(int key, int shape)
    {
        Key = key;
        _shape = shape;
    }

    /// <summary>The case's <c>[Union]</c> key.</summary>
    public int Key { get; }

    public SaveShape Shape => (_model ?? throw new InvalidOperationException("The case is not part of a model yet.")).At(_shape);

    public override string ToString() => $"{Key}: {Shape.TypeName}";

    internal void Link(SaveModelShape model) => _model = model;
}

/// <summary>A member of an enum in a <see cref="SaveShape"/>.</summary>
/// <param name="Name">The C# member name.</param>
/// <param name="SavedName">Its name in a save that holds enums by name: its [EnumMember] value, else its name.</param>
/// <param name="Value">Its value.</param>
public sealed record SaveEnumMember(string Name, string SavedName, Int128 Value);

/// <summary>
/// Every type a save model reaches, its root first, generated from the model's declaration
/// (<see cref="RegisteredModel.Shape"/>): how tools walk a saved game by the names the game's code uses.
/// </summary>
public sealed class SaveModelShape
{
    private readonly SaveShape[] _types;

    /// <param name="types">The types, the root first; each refers to the others by their place here.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public SaveModelShape(params SaveShape[] types)
    {
        ArgumentNullException.ThrowIfNull(types);
        ArgumentOutOfRangeException.ThrowIfZero(types.Length);
        _types = types;
        foreach (var type in types)
        {
            type.Link(this);
        }
    }

    public SaveShape Root => _types[0];

    /// <summary>Every type the model reaches, the root first, each once.</summary>
    public IReadOnlyList<SaveShape> Types => _types;

    internal SaveShape At(int index) => _types[index];
}

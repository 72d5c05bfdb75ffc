using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace Engine.Serialization.Generator.Analysis;

// Plain, value-equal records built from symbols: the incremental pipeline compares them to skip re-emitting
// unchanged output, and the emitters turn them into code without looking at a symbol again.

/// <summary>Everything the emitters need for one generated class: a resolver, or an assembly's save models.</summary>
/// <param name="Namespace">The generated class's namespace.</param>
/// <param name="ClassName">The generated class's name.</param>
/// <param name="IsSaveModels">The assembly's save-model class (embedded, with codecs), rather than a declared resolver.</param>
/// <param name="DeclaresConstructor">Whether the declared resolver class has a constructor of its own.</param>
/// <param name="Roots">The shapes whose static Write and Read the class exposes.</param>
/// <param name="SaveModels">The <c>[SaveModel]</c> roots, each with its codec.</param>
/// <param name="Entries">The resolver's formatter lookup.</param>
/// <param name="Objects">Every <c>[MessagePackObject]</c> type reached.</param>
/// <param name="Unions">Every <c>[Union]</c> base reached.</param>
/// <param name="Helpers">Every other shape with a helper class of its own.</param>
/// <param name="CheckedEnums">Every enum whose values are checked at save and at load (all but [AllowUndefinedValues] ones).</param>
/// <param name="Immutable">Helper names of the shapes a snapshot can share rather than copy.</param>
/// <param name="MayHoldMissing">Helper names of the shapes whose values may hold a null the model does not allow.</param>
/// <param name="Recursive">Whether a shape can contain itself: then every walk of a value counts its nesting (CodecSupport.Nest).</param>
/// <param name="ProtoNumbers">Each object's protobuf message name and field numbers (save models only).</param>
/// <param name="Diagnostics">What is wrong with the model; when any, only the surface that code calls is emitted.</param>
internal sealed record GenerationModel(
    string? Namespace,
    string ClassName,
    bool IsSaveModels,
    bool DeclaresConstructor,
    EquatableArray<ValueShape> Roots,
    EquatableArray<SaveModelInfo> SaveModels,
    EquatableArray<LookupEntry> Entries,
    EquatableArray<ObjectModel> Objects,
    EquatableArray<UnionModel> Unions,
    EquatableArray<ValueShape> Helpers,
    EquatableArray<ValueShape> CheckedEnums,
    EquatableArray<string> Immutable,
    EquatableArray<string> MayHoldMissing,
    bool Recursive,
    EquatableArray<ProtoNumbers> ProtoNumbers,
    EquatableArray<DiagnosticInfo> Diagnostics);

/// <summary>An object's protobuf message: its name, each member's field number (0 for a member a load doesn't restore), and what stays reserved.</summary>
internal sealed record ProtoNumbers(string HelperName, string MessageName, EquatableArray<int> Fields, EquatableArray<int> ReservedNumbers, EquatableArray<string> ReservedNames);

/// <summary>One <c>[SaveModel]</c> root and what its codec says of it; <paramref name="KeptProtos"/>, the .proto of each earlier schema it keeps.</summary>
internal sealed record SaveModelInfo(ValueShape Root, string CodecName, string ModelId, int SchemaVersion, EquatableArray<string> Migrations, EquatableArray<KeptProto> KeptProtos);

/// <summary>The .proto an earlier schema of a model was written with (<c>{id}.schema-{N}.proto</c>): the record of that schema's field numbers.</summary>
internal sealed record KeptProto(int SchemaVersion, string Text);

/// <summary>One <c>if (t == typeof(TypeName)) return Creation;</c> line of the resolver's lookup.</summary>
internal sealed record LookupEntry(string TypeName, string Creation);

internal enum ShapeKind
{
    /// <summary>A number, bool, char or string: <c>writer.Write</c>, <see cref="ValueShape.ReadMethod"/>.</summary>
    Primitive,

    /// <summary>An enum as its underlying integer.</summary>
    Enum,

    /// <summary>An enum as its name (MessagePack's EnumAsStringFormatter encoding).</summary>
    EnumByName,

    /// <summary>A MessagePack timestamp (ext -1).</summary>
    DateTime,

    /// <summary><c>byte[]</c>: a MessagePack bin, or nil.</summary>
    Bytes,

    /// <summary>A type MessagePack's built-in formatter encodes (Guid, decimal, TimeSpan, ...): called directly.</summary>
    Scalar,

    /// <summary>A fixed array of component values: System.Numerics types, KeyValuePair, tuples.</summary>
    Components,

    /// <summary>A <c>[MessagePackObject]</c> class or struct: a map with string keys.</summary>
    Object,

    /// <summary>An abstract class or interface with <c>[Union]</c> cases: <c>[key, value]</c>.</summary>
    Union,

    /// <summary><c>Nullable&lt;T&gt;</c>: nil or the element.</summary>
    Nullable,

    /// <summary>Arrays, lists, sets, queues, stacks and the interfaces over them: a MessagePack array.</summary>
    Sequence,

    /// <summary>Dictionaries and the interfaces over them: a MessagePack map.</summary>
    Dictionary,

    /// <summary><c>T[,]</c>, <c>T[,,]</c>, <c>T[,,,]</c>: <c>[lengths..., [elements]]</c>.</summary>
    MultiArray,

    /// <summary>A type or member with its own <c>IMessagePackFormatter</c>.</summary>
    Custom,
}

/// <summary>How one type (at one use: element nullability included) is written, read, copied and checked.</summary>
/// <param name="Kind">Which code handles it.</param>
/// <param name="TypeName">Fully qualified, without nullable annotations.</param>
/// <param name="IsReferenceType">Whether it can be null (written as nil).</param>
/// <param name="HelperName">The nested class holding its static Write, Read, Copy and Missing, for the kinds that have one.</param>
/// <param name="ReadMethod">The <c>MessagePackReader</c> method for primitives and enums.</param>
/// <param name="EnumUnderlyingType">The enum's underlying integer type.</param>
/// <param name="Element">The element of a nullable, sequence or multi-dimensional array; a dictionary's value.</param>
/// <param name="ElementAllowsNull">Whether the model allows null elements (or dictionary values).</param>
/// <param name="Key">A dictionary's key.</param>
/// <param name="Sequence">A sequence's construction facts: its row of <see cref="CollectionKinds"/>.</param>
/// <param name="Dictionary">A dictionary's construction facts: its row of <see cref="CollectionKinds"/>.</param>
/// <param name="Comparer">The collision-resistant comparer a set or dictionary is read with, or null for the default.</param>
/// <param name="Float">For a T[] or multi-dimensional array of float or double: the encoding its bulk path decodes.</param>
/// <param name="Rank">A multi-dimensional array's rank.</param>
/// <param name="Formatter">The formatter instance expression of a scalar or custom shape.</param>
/// <param name="Components">A components shape's parts.</param>
/// <param name="Names">An enum's names (for its text in XML and its values in schemas; an enum-by-name shape's MessagePack names).</param>
/// <param name="SchemaName">The type's name in XML and the schemas: a list item's element name, the base of its XSD type and protobuf message names.</param>
internal sealed record ValueShape(
    ShapeKind Kind,
    string TypeName,
    bool IsReferenceType,
    string? HelperName = null,
    string? ReadMethod = null,
    string? EnumUnderlyingType = null,
    ValueShape? Element = null,
    bool ElementAllowsNull = false,
    ValueShape? Key = null,
    SequenceFacts? Sequence = null,
    DictionaryFacts? Dictionary = null,
    string? Comparer = null,
    FloatEncoding? Float = null,
    int Rank = 0,
    string? Formatter = null,
    ComponentsModel? Components = null,
    EnumNamesModel? Names = null,
    string SchemaName = "")
{
    /// <summary>For a value type whose default is written as nil (its collection kind says so): the test, with <c>{0}</c> for the value.</summary>
    public string? NilWhen => Sequence?.NilWhen;
}

/// <summary>A fixed-width float whose runs Engine.Serialization.Internal.FloatRuns moves in bulk: the suffix of its methods (Singles, Doubles).</summary>
internal sealed record FloatEncoding(string Name);

/// <summary>The parts of a components shape, in wire order.</summary>
/// <param name="DisplayName">The type's short name, for messages.</param>
/// <param name="Construct">The creation expression, with <c>{0}</c>, <c>{1}</c>, ... for the parts.</param>
/// <param name="Items">The parts.</param>
/// <param name="DepthStep">Whether reading counts a nesting level (MessagePack does for tuples and pairs, not for math types).</param>
internal sealed record ComponentsModel(string DisplayName, string Construct, EquatableArray<Component> Items, bool DepthStep);

/// <param name="Accessor">The part as read from the value: <c>X</c>, <c>Normal.X</c>, <c>Item1</c>.</param>
/// <param name="Shape">How the part is written and read.</param>
/// <param name="AllowsNull">Whether the model allows the part to be null.</param>
internal sealed record Component(string Accessor, ValueShape Shape, bool AllowsNull);

/// <summary>An enum's names as written, and the C# member each stands for.</summary>
/// <param name="Names">Its members, in declaration order.</param>
/// <param name="IsFlags">Whether it is [Flags].</param>
/// <param name="HasRenames">Whether any member is renamed by [EnumMember].</param>
/// <param name="KeepsUndefined">Whether the enum is [AllowUndefinedValues]: values it does not declare are saved and loaded; otherwise both refuse them.</param>
internal sealed record EnumNamesModel(EquatableArray<EnumName> Names, bool IsFlags, bool HasRenames, bool KeepsUndefined);

/// <param name="Member">The C# member.</param>
/// <param name="Written">Its name as written: its [EnumMember] value, else the member's name.</param>
/// <param name="WritesValue">Whether it names its value when writing: the last member declared with that value, as in MessagePack.</param>
/// <param name="Value">Its value, as invariant text.</param>
internal sealed record EnumName(string Member, string Written, bool WritesValue, string Value);

/// <summary>A <c>[MessagePackObject]</c> type: its members in wire order and how it is created.</summary>
/// <param name="Shape">Its shape.</param>
/// <param name="DisplayName">Its name as C# shows it, for messages.</param>
/// <param name="IsStruct">Whether it is a value type (nothing of a struct is kept beyond its members).</param>
/// <param name="EmptyAsArray">An explicit-key type without members, which MessagePack writes as an empty array.</param>
/// <param name="Members">The members, in the order MessagePack-CSharp writes them.</param>
/// <param name="CtorArguments">For each constructor parameter, the index of the member it takes.</param>
/// <param name="Create">The creation expression's callee: <c>new global::T</c>, <c>Access.Create</c>; null for <c>default(T)</c>.</param>
/// <param name="BeforeSerialize">The OnBeforeSerialize call, with <c>{0}</c> for the value, or null.</param>
/// <param name="AfterDeserialize">The OnAfterDeserialize call, likewise.</param>
/// <param name="Accessors">The UnsafeAccessor class for the members generated code can't name, or null.</param>
/// <param name="Tracked">Whether some member is a tracked partial property, so that the type tells the save system of its changes.</param>
internal sealed record ObjectModel(
    ValueShape Shape,
    string DisplayName,
    bool IsStruct,
    bool EmptyAsArray,
    EquatableArray<MemberModel> Members,
    EquatableArray<int> CtorArguments,
    string? Create,
    string? BeforeSerialize,
    string? AfterDeserialize,
    AccessorClass? Accessors,
    bool Tracked = false);

/// <summary>Externs reaching members the generated code can't name directly (private, init-only, readonly).</summary>
/// <param name="Name">The class name.</param>
/// <param name="TypeParameters">Its type parameters (the model type's own, when generic), or empty.</param>
/// <param name="Constraints">The where clauses of those type parameters, as the model type declares them, or empty.</param>
/// <param name="Declarations">The extern declarations.</param>
internal sealed record AccessorClass(string Name, string TypeParameters, string Constraints, EquatableArray<string> Declarations);

/// <param name="Name">The C# member name.</param>
/// <param name="Key">The map key.</param>
/// <param name="EncodedKey">The key as a MessagePack str (header + UTF-8 bytes).</param>
/// <param name="KeyHeaderLength">How many leading bytes of <paramref name="EncodedKey"/> are the str header.</param>
/// <param name="Shape">How the value is written and read.</param>
/// <param name="AllowsNull">Whether the model allows null here (a nullable or oblivious reference type).</param>
/// <param name="Get">The value read from an object, with <c>{0}</c> for the object variable.</param>
/// <param name="Set">The statement giving an object the value, with <c>{0}</c> for the object variable and <c>{1}</c> for the value; null when only a constructor can.</param>
/// <param name="CtorParameter">The constructor parameter that takes the member, or -1.</param>
/// <param name="IsRestored">Whether a load gives the value back (a computed member is written, never read).</param>
/// <param name="DefaultText">The member's initial value when its declaration gives a constant (invariant text; an enum's member name), or null.</param>
/// <param name="Tracked">Whether it is a partial property this generator implements, whose setter tells the save system of each change.</param>
/// <param name="FormerKeys">The keys it was saved under before (<c>[FormerlySavedAs]</c>), which a load reads into it, in declaration order.</param>
internal sealed record MemberModel(
    string Name,
    string Key,
    EquatableArray<byte> EncodedKey,
    int KeyHeaderLength,
    ValueShape Shape,
    bool AllowsNull,
    string Get,
    string? Set,
    int CtorParameter,
    bool IsRestored,
    string? DefaultText = null,
    bool Tracked = false,
    EquatableArray<string> FormerKeys = default);

/// <summary>An abstract class or interface and its <c>[Union]</c> cases.</summary>
internal sealed record UnionModel(ValueShape Shape, string DisplayName, EquatableArray<UnionCase> Cases);

internal sealed record UnionCase(int Key, ValueShape Shape);

/// <summary>A diagnostic kept as plain data (no symbols or syntax trees) so models stay comparable.</summary>
internal sealed record DiagnosticInfo(string Id, LocationInfo? Location, EquatableArray<string> Arguments)
{
    public static DiagnosticInfo Create(DiagnosticDescriptor descriptor, LocationInfo? location, params string[] arguments) =>
        new(descriptor.Id, location, new EquatableArray<string>(arguments));
}

internal sealed record LocationInfo(string FilePath, TextSpan Span, LinePositionSpan LineSpan)
{
    public Location ToLocation() => Location.Create(FilePath, Span, LineSpan);

    public static LocationInfo? From(Location? location) =>
        location is null || !location.IsInSource
            ? null
            : new LocationInfo(location.SourceTree!.FilePath, location.SourceSpan, location.GetLineSpan().Span);
}

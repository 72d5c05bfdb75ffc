using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace Engine.Serialization.Generator.Analysis;

/// <summary>
/// The types the generator knows by name, and how each is encoded: declared once here for every emitter.
/// Primitives are written with <c>MessagePackWriter.Write</c>; the scalars by MessagePack's own built-in formatter
/// (called directly, so the bytes are MessagePack's by construction); the math types as fixed arrays of their parts,
/// exactly as MessagePack's formatters write them (Plane, which MessagePack lacks, like Vector4).
/// </summary>
internal static class WellKnownTypes
{
    private const string Formatters = "global::MessagePack.Formatters.";

    /// <summary>Types MessagePack's BuiltinResolver serves with a formatter that takes no options, keyed by metadata name.</summary>
    private static readonly Dictionary<string, string> ScalarFormatters = new()
    {
        ["System.Guid"] = Formatters + "GuidFormatter.Instance",
        ["System.TimeSpan"] = Formatters + "TimeSpanFormatter.Instance",
        ["System.DateTimeOffset"] = Formatters + "DateTimeOffsetFormatter.Instance",
        ["System.DateOnly"] = Formatters + "DateOnlyFormatter.Instance",
        ["System.TimeOnly"] = Formatters + "TimeOnlyFormatter.Instance",
        ["System.Decimal"] = Formatters + "DecimalFormatter.Instance",
        ["System.Half"] = Formatters + "HalfFormatter.Instance",
        ["System.Int128"] = Formatters + "Int128Formatter.Instance",
        ["System.UInt128"] = Formatters + "UInt128Formatter.Instance",
        ["System.Numerics.BigInteger"] = Formatters + "BigIntegerFormatter.Instance",
        ["System.Text.Rune"] = Formatters + "RuneFormatter.Instance",
        ["System.Uri"] = Formatters + "UriFormatter.Instance",
        ["System.Version"] = Formatters + "VersionFormatter.Instance",
    };

    /// <summary>The math types: their parts as read from a value, the part type, and the constructor taking them in that order.</summary>
    private static readonly Dictionary<string, (string[] Parts, string PartType, string Construct)> MathTypes = new()
    {
        ["System.Numerics.Vector2"] = (["X", "Y"], "float", "new global::System.Numerics.Vector2({0}, {1})"),
        ["System.Numerics.Vector3"] = (["X", "Y", "Z"], "float", "new global::System.Numerics.Vector3({0}, {1}, {2})"),
        ["System.Numerics.Vector4"] = (["X", "Y", "Z", "W"], "float", "new global::System.Numerics.Vector4({0}, {1}, {2}, {3})"),
        ["System.Numerics.Quaternion"] = (["X", "Y", "Z", "W"], "float", "new global::System.Numerics.Quaternion({0}, {1}, {2}, {3})"),
        ["System.Numerics.Plane"] = (["Normal.X", "Normal.Y", "Normal.Z", "D"], "float", "new global::System.Numerics.Plane({0}, {1}, {2}, {3})"),
        ["System.Numerics.Matrix3x2"] = (["M11", "M12", "M21", "M22", "M31", "M32"], "float",
            "new global::System.Numerics.Matrix3x2({0}, {1}, {2}, {3}, {4}, {5})"),
        ["System.Numerics.Matrix4x4"] = (
            ["M11", "M12", "M13", "M14", "M21", "M22", "M23", "M24", "M31", "M32", "M33", "M34", "M41", "M42", "M43", "M44"], "float",
            "new global::System.Numerics.Matrix4x4({0}, {1}, {2}, {3}, {4}, {5}, {6}, {7}, {8}, {9}, {10}, {11}, {12}, {13}, {14}, {15})"),
        ["System.Numerics.Complex"] = (["Real", "Imaginary"], "double", "new global::System.Numerics.Complex({0}, {1})"),
    };

    public static string? ScalarFormatter(ITypeSymbol type) => ScalarFormatters.TryGetValue(MetadataName(type), out var formatter) ? formatter : null;

    public static (string[] Parts, string PartType, string Construct)? MathType(ITypeSymbol type) =>
        MathTypes.TryGetValue(MetadataName(type), out var math) ? math : null;

    /// <summary>
    /// Key types MessagePackSecurity.UntrustedData gives a collision-resistant comparer (SipHash): integers, bool, char,
    /// float, double, Guid, DateTime, DateTimeOffset and enums. String keys keep the default comparer: .NET already
    /// randomizes string hashing per process. Any other key type MessagePack refuses to read from untrusted data.
    /// </summary>
    public static bool HasResistantComparer(ITypeSymbol key) =>
        key.TypeKind == TypeKind.Enum
        || key.SpecialType is SpecialType.System_Boolean or SpecialType.System_Char or SpecialType.System_SByte or SpecialType.System_Byte
            or SpecialType.System_Int16 or SpecialType.System_UInt16 or SpecialType.System_Int32 or SpecialType.System_UInt32
            or SpecialType.System_Int64 or SpecialType.System_UInt64 or SpecialType.System_Single or SpecialType.System_Double
            or SpecialType.System_DateTime
        || MetadataName(key) is "System.Guid" or "System.DateTimeOffset";

    /// <summary>The <c>MessagePackReader</c> method for a type written directly with <c>writer.Write</c>, or null.</summary>
    public static string? PrimitiveReadMethod(ITypeSymbol type) => type.SpecialType switch
    {
        SpecialType.System_Boolean => "ReadBoolean",
        SpecialType.System_Byte => "ReadByte",
        SpecialType.System_SByte => "ReadSByte",
        SpecialType.System_Int16 => "ReadInt16",
        SpecialType.System_UInt16 => "ReadUInt16",
        SpecialType.System_Int32 => "ReadInt32",
        SpecialType.System_UInt32 => "ReadUInt32",
        SpecialType.System_Int64 => "ReadInt64",
        SpecialType.System_UInt64 => "ReadUInt64",
        SpecialType.System_Single => "ReadSingle",
        SpecialType.System_Double => "ReadDouble",
        SpecialType.System_Char => "ReadChar",
        SpecialType.System_String => "ReadString",
        _ => null,
    };

    /// <summary>The shorter list of what a model may use, for the unsupported-type message.</summary>
    public static string Supported =>
        "[MessagePackObject] classes and structs, [Union] bases, primitives, string, enums, DateTime, "
        + string.Join(", ", ScalarFormatters.Keys.Concat(MathTypes.Keys).Select(k => k.Substring(k.LastIndexOf('.') + 1)))
        + ", byte[], Nullable<T>, T[], T[,] (to rank 4), List<T>, HashSet<T>, SortedSet<T>, Queue<T>, Stack<T>, LinkedList<T>, "
        + "Dictionary<K,V>, SortedDictionary<K,V>, ImmutableArray<T>, ImmutableDictionary<K,V>, KeyValuePair<K,V>, tuples, and members typed IList<T>, IReadOnlyList<T>, "
        + "ICollection<T>, IReadOnlyCollection<T>, IEnumerable<T>, ISet<T>, IReadOnlySet<T>, IDictionary<K,V>, IReadOnlyDictionary<K,V>";

    private static string MetadataName(ITypeSymbol type) =>
        type is INamedTypeSymbol { ContainingNamespace: { IsGlobalNamespace: false } ns } ? ns.ToDisplayString() + "." + type.MetadataName : type.MetadataName;
}

using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace Engine.Serialization.Generator;

// Plain, value-equal records: the incremental pipeline compares them to skip re-emitting unchanged output.

/// <summary>Everything the emitter needs for one resolver class.</summary>
internal sealed record ResolverModel(
    string? Namespace,
    string ClassName,
    bool DeclaresConstructor,
    EquatableArray<ValueShape> Roots,
    EquatableArray<LookupEntry> Entries,
    EquatableArray<ObjectFormatterModel> Objects,
    EquatableArray<ValueShape> Helpers,
    EquatableArray<DiagnosticInfo> Diagnostics);

/// <summary>One <c>if (t == typeof(TypeName)) return Creation;</c> line of the lookup chain.</summary>
internal sealed record LookupEntry(string TypeName, string Creation);

/// <summary>A nested formatter for one <c>[MessagePackObject]</c> type: its direct Write/Read and the resolver's formatter.</summary>
internal sealed record ObjectFormatterModel(
    ValueShape Shape,
    EquatableArray<MemberModel> Members);

internal enum ShapeKind
{
    /// <summary>Written with <c>writer.Write</c>, read with <see cref="ValueShape.ReadMethod"/>.</summary>
    Primitive,

    /// <summary>Written as <see cref="ValueShape.EnumUnderlyingType"/>, read with <see cref="ValueShape.ReadMethod"/>.</summary>
    Enum,

    /// <summary>A MessagePack timestamp (ext -1).</summary>
    DateTime,

    /// <summary><c>byte[]</c>: a MessagePack bin, or nil.</summary>
    Bytes,

    /// <summary>A <c>[MessagePackObject]</c> class or struct: a map with string keys.</summary>
    Object,

    /// <summary><c>Nullable&lt;T&gt;</c>: nil or the <see cref="ValueShape.Element"/>.</summary>
    Nullable,

    /// <summary><c>T[]</c>: an array of <see cref="ValueShape.Element"/>.</summary>
    Array,

    /// <summary><c>List&lt;T&gt;</c>: an array of <see cref="ValueShape.Element"/>.</summary>
    List,
}

/// <summary>How one type is written and read by the generated code.</summary>
/// <param name="Kind">Which code writes and reads it.</param>
/// <param name="TypeName">Fully qualified, without nullable annotations.</param>
/// <param name="IsReferenceType">Whether it can be null (written as nil).</param>
/// <param name="HelperName">The nested class holding the type's static Write/Read, for the kinds that have one.</param>
/// <param name="ReadMethod">The <c>MessagePackReader</c> method for primitives and enums.</param>
/// <param name="EnumUnderlyingType">The enum's underlying integer type, for enums.</param>
/// <param name="Element">The element of a nullable, array or list.</param>
/// <param name="Float">For an array of float or double: how one element is encoded, for the bulk path.</param>
internal sealed record ValueShape(
    ShapeKind Kind,
    string TypeName,
    bool IsReferenceType,
    string? HelperName = null,
    string? ReadMethod = null,
    string? EnumUnderlyingType = null,
    ValueShape? Element = null,
    FloatEncoding? Float = null);

/// <summary>
/// A fixed-width MessagePack float: the C# element type, its type code, the size of one encoded value, a name for the
/// helpers, the same-sized integer and the <c>BitConverter</c> methods between them.
/// </summary>
internal sealed record FloatEncoding(string ElementType, byte Code, int Size, string Name, string BitsType, string FromBits, string ToBits);

/// <param name="Name">The C# member name.</param>
/// <param name="Key">The map key.</param>
/// <param name="EncodedKey">The key as a MessagePack str (header + UTF-8 bytes).</param>
/// <param name="KeyHeaderLength">How many leading bytes of <paramref name="EncodedKey"/> are the str header.</param>
/// <param name="Shape">How the value is written and read.</param>
internal sealed record MemberModel(
    string Name,
    string Key,
    EquatableArray<byte> EncodedKey,
    int KeyHeaderLength,
    ValueShape Shape);

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

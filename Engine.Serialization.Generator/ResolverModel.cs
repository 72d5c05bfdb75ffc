using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace Engine.Serialization.Generator;

// Plain, value-equal records: the incremental pipeline compares them to skip re-emitting unchanged output.

/// <summary>Everything the emitter needs for one resolver class.</summary>
internal sealed record ResolverModel(
    string? Namespace,
    string ClassName,
    bool DeclaresConstructor,
    EquatableArray<LookupEntry> Entries,
    EquatableArray<ObjectFormatterModel> Objects,
    EquatableArray<DiagnosticInfo> Diagnostics);

/// <summary>One <c>if (t == typeof(TypeName)) return Creation;</c> line of the lookup chain.</summary>
internal sealed record LookupEntry(string TypeName, string Creation);

/// <summary>A nested formatter for one <c>[MessagePackObject]</c> type.</summary>
internal sealed record ObjectFormatterModel(
    string TypeName,
    string FormatterName,
    bool IsValueType,
    EquatableArray<MemberModel> Members);

internal enum MemberKind
{
    /// <summary>Written with <c>writer.Write</c>, read with <see cref="MemberModel.ReadMethod"/>.</summary>
    Primitive,

    /// <summary>Written as <see cref="MemberModel.EnumUnderlyingType"/>, read with <see cref="MemberModel.ReadMethod"/>.</summary>
    Enum,

    /// <summary>Goes through the resolver's formatter for <see cref="MemberModel.TypeName"/>.</summary>
    Formatter,
}

/// <param name="Name">The C# member name.</param>
/// <param name="Key">The map key.</param>
/// <param name="EncodedKey">The key as a MessagePack str (header + UTF-8 bytes).</param>
/// <param name="KeyHeaderLength">How many leading bytes of <paramref name="EncodedKey"/> are the str header.</param>
/// <param name="TypeName">Fully qualified member type, with nullable reference annotations.</param>
/// <param name="Kind">How the value is written and read.</param>
/// <param name="ReadMethod">The <c>MessagePackReader</c> method for primitives and enums.</param>
/// <param name="EnumUnderlyingType">The enum's underlying integer type, for enums.</param>
internal sealed record MemberModel(
    string Name,
    string Key,
    EquatableArray<byte> EncodedKey,
    int KeyHeaderLength,
    string TypeName,
    MemberKind Kind,
    string? ReadMethod,
    string? EnumUnderlyingType);

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

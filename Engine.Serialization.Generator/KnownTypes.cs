using System.Collections.Generic;
using Microsoft.CodeAnalysis;

namespace Engine.Serialization.Generator;

/// <summary>What MessagePack itself knows: the resolver leaves these to BuiltinResolver, and primitives' reader methods.</summary>
internal static class KnownTypes
{
    /// <summary>
    /// What MessagePack 3.1.12's BuiltinResolver serves (its BuiltinResolverGetFormatterHelper.FormatterMap, read off the
    /// assembly), spelled as <see cref="SymbolDisplayFormat.FullyQualifiedFormat"/> prints it. Left out on purpose:
    /// System.Type (its formatter resolves names by reflection), object[] and List&lt;object&gt; (they need an object
    /// formatter that BuiltinResolver does not have).
    /// </summary>
    private static readonly HashSet<string> Builtin = new()
    {
        "bool", "byte", "sbyte", "short", "ushort", "int", "uint", "long", "ulong", "float", "double", "char",
        "string", "decimal",
        "bool?", "byte?", "sbyte?", "short?", "ushort?", "int?", "uint?", "long?", "ulong?", "float?", "double?", "char?",
        "decimal?",
        "global::System.DateTime", "global::System.DateTime?",
        "global::System.TimeSpan", "global::System.TimeSpan?",
        "global::System.DateTimeOffset", "global::System.DateTimeOffset?",
        "global::System.Guid", "global::System.Guid?",
        "global::System.Uri", "global::System.Version", "global::System.Text.StringBuilder", "global::System.Collections.BitArray",
        "global::MessagePack.Nil", "global::MessagePack.Nil?",
        "byte[]", "sbyte[]", "short[]", "ushort[]", "int[]", "uint[]", "long[]", "ulong[]", "float[]", "double[]",
        "bool[]", "char[]", "string[]", "global::System.DateTime[]",
        "global::System.Collections.Generic.List<byte>", "global::System.Collections.Generic.List<sbyte>",
        "global::System.Collections.Generic.List<short>", "global::System.Collections.Generic.List<ushort>",
        "global::System.Collections.Generic.List<int>", "global::System.Collections.Generic.List<uint>",
        "global::System.Collections.Generic.List<long>", "global::System.Collections.Generic.List<ulong>",
        "global::System.Collections.Generic.List<float>", "global::System.Collections.Generic.List<double>",
        "global::System.Collections.Generic.List<bool>", "global::System.Collections.Generic.List<char>",
        "global::System.Collections.Generic.List<string>", "global::System.Collections.Generic.List<global::System.DateTime>",
        "global::System.Memory<byte>", "global::System.Memory<byte>?",
        "global::System.ReadOnlyMemory<byte>", "global::System.ReadOnlyMemory<byte>?",
        "global::System.Buffers.ReadOnlySequence<byte>", "global::System.Buffers.ReadOnlySequence<byte>?",
        "global::System.ArraySegment<byte>", "global::System.ArraySegment<byte>?",
        "global::System.Numerics.BigInteger", "global::System.Numerics.BigInteger?",
        "global::System.Numerics.Complex", "global::System.Numerics.Complex?",
        "global::System.Numerics.Vector2", "global::System.Numerics.Vector2?",
        "global::System.Numerics.Vector3", "global::System.Numerics.Vector3?",
        "global::System.Numerics.Vector4", "global::System.Numerics.Vector4?",
        "global::System.Numerics.Quaternion", "global::System.Numerics.Quaternion?",
        "global::System.Numerics.Matrix3x2", "global::System.Numerics.Matrix3x2?",
        "global::System.Numerics.Matrix4x4", "global::System.Numerics.Matrix4x4?",
        "global::System.Half", "global::System.Text.Rune", "global::System.DateOnly", "global::System.TimeOnly",
        "global::System.Int128", "global::System.UInt128",
    };

    public static bool IsBuiltin(ITypeSymbol type) => Builtin.Contains(TypeNames.Plain(type));

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
}

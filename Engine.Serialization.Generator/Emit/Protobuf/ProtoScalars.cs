using System.Collections.Generic;
using Engine.Serialization.Generator.Analysis;
using Engine.Serialization.Generator.Emit.MessagePack;

namespace Engine.Serialization.Generator.Emit.Protobuf;

/// <summary>How a packed run holds a scalar: not at all, as varints, or as fixed-width little-endian values.</summary>
internal enum Packing
{
    None,
    Varint,
    Float,
    Double,
    Fixed64,
}

/// <summary>
/// One scalar's protobuf field: its .proto type; the statement writing it as field <c>{0}</c> from <c>{1}</c>; the
/// expression reading it; how a packed run holds it, the value from a run's raw value <c>{0}</c>, and the raw value of
/// <c>{0}</c> for a run.
/// </summary>
internal sealed record ProtoScalar(string ProtoType, string Write, string Read, Packing Packing = Packing.None, string FromRaw = "{0}", string ToRaw = "{0}");

/// <summary>
/// The protobuf encoding of every scalar a model may hold, in one table: integers as varints (ulong as fixed64, as
/// GameContent's random state always was), floats fixed, times as the well-known Timestamp and Duration messages,
/// values protobuf has no type for as their invariant text.
/// </summary>
internal static class ProtoScalars
{
    private const string Codec = "global::Engine.Serialization.Internal.ProtobufCodec";
    private const string Varint = "state.WriteFieldHeader({0}, global::ProtoBuf.WireType.Varint); ";
    private const string Fixed32 = "state.WriteFieldHeader({0}, global::ProtoBuf.WireType.Fixed32); ";
    private const string Fixed64 = "state.WriteFieldHeader({0}, global::ProtoBuf.WireType.Fixed64); ";

    // Integers are read as varints only, and held to their member's type by the caller (ProtobufCodec.ReadSigned).
    private const string ReadSigned = Codec + ".ReadSigned(ref state)";
    private const string ReadUnsigned = Codec + ".ReadUnsigned(ref state)";

    private static readonly Dictionary<string, ProtoScalar> ByType = new()
    {
        ["bool"] = new("bool", Varint + "state.WriteBoolean({1});", Codec + ".ReadBoolean(ref state)", Packing.Varint, Codec + ".Boolean({0})", "({0} ? 1UL : 0UL)"),
        ["byte"] = Unsigned("byte"),
        ["ushort"] = Unsigned("ushort"),
        ["uint"] = Unsigned("uint"),
        ["char"] = new("uint32", Varint + "state.WriteUInt32({1});", $"(char)checked((ushort){ReadUnsigned})", Packing.Varint, "(char)checked((ushort)(ulong){0})", "(ulong){0}"),
        ["sbyte"] = Signed("sbyte"),
        ["short"] = Signed("short"),
        ["int"] = Signed("int"),
        ["long"] = new("int64", Varint + "state.WriteInt64({1});", ReadSigned, Packing.Varint, "{0}", "(ulong){0}"),
        ["ulong"] = new("fixed64", Fixed64 + "state.WriteUInt64({1});", Codec + ".ReadFixed64(ref state)", Packing.Fixed64),
        ["float"] = new("float", Fixed32 + "state.WriteSingle({1});", "state.ReadSingle()", Packing.Float),
        ["double"] = new("double", Fixed64 + "state.WriteDouble({1});", "state.ReadDouble()", Packing.Double),
        ["string"] = new("string", Codec + ".WriteString(ref state, {0}, {1});", "state.ReadString()"),
        ["decimal"] = Text("Decimal"),
        ["global::System.DateTime"] = new("google.protobuf.Timestamp", Codec + ".WriteTimestamp(ref state, {0}, {1});", Codec + ".ReadTimestamp(ref state)"),
        ["global::System.TimeSpan"] = new("google.protobuf.Duration", Codec + ".WriteDuration(ref state, {0}, {1});", Codec + ".ReadDuration(ref state)"),
        ["global::System.DateTimeOffset"] = new("DateTimeOffset", Codec + ".WriteDateTimeOffset(ref state, {0}, {1});", Codec + ".ReadDateTimeOffset(ref state)"),
        ["global::System.DateOnly"] = new("int32", Varint + "state.WriteInt32({1}.DayNumber);", $"global::System.DateOnly.FromDayNumber(checked((int){ReadSigned}))",
            Packing.Varint, "global::System.DateOnly.FromDayNumber(checked((int){0}))", "(ulong)(long){0}.DayNumber"),
        ["global::System.TimeOnly"] = new("int64", Varint + "state.WriteInt64({1}.Ticks);", $"new global::System.TimeOnly({ReadSigned})",
            Packing.Varint, "new global::System.TimeOnly({0})", "(ulong){0}.Ticks"),
        ["global::System.Half"] = new("float", Fixed32 + "state.WriteSingle((float){1});", Values.Support + ".ToHalf(state.ReadSingle())", Packing.Float, Values.Support + ".ToHalf({0})", "(float){0}"),
        ["global::System.Text.Rune"] = new("uint32", Varint + "state.WriteUInt32((uint){1}.Value);", $"new global::System.Text.Rune(checked((uint){ReadUnsigned}))",
            Packing.Varint, "new global::System.Text.Rune(checked((uint)(ulong){0}))", "(ulong)(uint){0}.Value"),
        ["global::System.Guid"] = Text("Guid"),
        ["global::System.Int128"] = Text("Int128"),
        ["global::System.UInt128"] = Text("UInt128"),
        ["global::System.Numerics.BigInteger"] = Text("BigInteger"),
        ["global::System.Uri"] = Text("Uri"),
        ["global::System.Version"] = Text("Version"),
    };

    /// <summary>The shape's scalar encoding, or null when it is a message or repeated.</summary>
    public static ProtoScalar? Of(ValueShape shape) => shape.Kind switch
    {
        ShapeKind.Primitive or ShapeKind.DateTime or ShapeKind.Scalar => ByType.TryGetValue(shape.TypeName, out var scalar) ? scalar : null,
        ShapeKind.Enum or ShapeKind.EnumByName => new(EnumType(shape), Varint + $"state.WriteInt64((long){Values.Saved(shape, "{1}")});",
            Values.Loaded(shape, EnumFromRaw(shape, ReadSigned)), Packing.Varint, Values.Loaded(shape, EnumFromRaw(shape, "{0}")), $"(ulong)(long){Values.Saved(shape, "{0}")}"),
        ShapeKind.Bytes => new("bytes", Codec + ".WriteBytes(ref state, {0}, {1});", Codec + ".ReadBytes(ref state)"),
        ShapeKind.Custom => new("bytes", Codec + ".WriteBytes(ref state, {0}, " + shape.HelperName + ".ToBytes({1}));", shape.HelperName + ".FromBytes(" + Codec + ".ReadBytes(ref state))"),
        _ => null,
    };

    /// <summary>
    /// An enum's .proto type: its own enum type, except a [Flags] enum (its combinations are no value of the enum, which
    /// protobuf readers would set aside as unknown) and a 64-bit one (protobuf enums are 32-bit), which are integers.
    /// </summary>
    public static string EnumType(ValueShape shape) =>
        shape.Names!.IsFlags ? (shape.EnumUnderlyingType is "long" or "ulong" ? "int64" : "int32")
        : shape.EnumUnderlyingType is "long" or "ulong" or "uint" ? "int64"
        : SchemaNames.Capitalized(shape.SchemaName);

    /// <summary>
    /// An enum from a varint's 64 bits: held to the enum's underlying type (never truncated), except a ulong enum's, whose
    /// values from 2^63 up are written as negative int64s and come back bit for bit.
    /// </summary>
    private static string EnumFromRaw(ValueShape shape, string raw) => shape.EnumUnderlyingType == "ulong"
        ? $"unchecked(({shape.TypeName})(ulong){raw})"
        : $"checked(({shape.TypeName}){raw})";

    private static ProtoScalar Unsigned(string type) =>
        new("uint32", Varint + "state.WriteUInt32({1});", $"checked(({type}){ReadUnsigned})", Packing.Varint, $"checked(({type})(ulong){{0}})", "(ulong){0}");

    private static ProtoScalar Signed(string type) =>
        new("int32", Varint + "state.WriteInt32({1});", $"checked(({type}){ReadSigned})", Packing.Varint, $"checked(({type}){{0}})", "(ulong)(long){0}");

    private static ProtoScalar Text(string name) =>
        new("string", Codec + ".WriteString(ref state, {0}, " + Codec + ".Text({1}));", Codec + ".To" + name + "(state.ReadString())");
}

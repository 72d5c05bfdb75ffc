using System.Buffers;
using System.Buffers.Binary;
using System.ComponentModel;
using System.Globalization;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Engine.Serialization.Errors;
using ProtoBuf;
using ProtoBuf.Serializers;

namespace Engine.Serialization.Internal;

/// <summary>
/// What generated protobuf codecs call besides protobuf-net's writer and reader: strict text, packed runs, the
/// well-known time messages, the text forms of values protobuf has no type for, and the comparisons that decide
/// whether a field equals its default (bit for bit, so -0.0 is not taken for 0). Games don't call it.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class ProtobufCodec
{
    /// <summary>Sub-messages are written without protobuf-net's cycle check: its depth limit ends a cycle.</summary>
    public const SerializerFeatures Message = SerializerFeatures.OptionSkipRecursionCheck;

    /// <summary>Writes a string field, refusing text UTF-8 can't carry (protobuf-net would write U+FFFD).</summary>
    public static void WriteString(ref ProtoWriter.State state, int field, string value)
    {
        ArgumentNullException.ThrowIfNull(value);
        if (CodecSupport.HasLoneSurrogate(value))
        {
            throw new InvalidTextException(value);
        }

        state.WriteFieldHeader(field, WireType.String);
        state.WriteString(value);
    }

    public static void WriteBytes(ref ProtoWriter.State state, int field, ReadOnlySpan<byte> value)
    {
        state.WriteFieldHeader(field, WireType.String);
        state.WriteBytes(value);
    }

    public static byte[] ReadBytes(ref ProtoReader.State state) => state.AppendBytes(null) ?? [];

    /// <summary>A DateTime as google.protobuf.Timestamp: its instant, as MessagePack keeps it.</summary>
    public static void WriteTimestamp(ref ProtoWriter.State state, int field, DateTime value)
    {
        state.WriteFieldHeader(field, WireType.String);
        BclHelpers.WriteTimestamp(ref state, CodecSupport.Instant(value));
    }

    public static DateTime ReadTimestamp(ref ProtoReader.State state) => BclHelpers.ReadTimestamp(ref state);

    /// <summary>A TimeSpan as google.protobuf.Duration.</summary>
    public static void WriteDuration(ref ProtoWriter.State state, int field, TimeSpan value)
    {
        state.WriteFieldHeader(field, WireType.String);
        BclHelpers.WriteDuration(ref state, value);
    }

    public static TimeSpan ReadDuration(ref ProtoReader.State state) => BclHelpers.ReadDuration(ref state);

    /// <summary>A DateTimeOffset as its own message: the instant (a Timestamp, field 1) and the offset in minutes (field 2).</summary>
    public static void WriteDateTimeOffset(ref ProtoWriter.State state, int field, DateTimeOffset value) =>
        state.WriteMessage(field, Message, value, DateTimeOffsetMessage.Instance);

    public static DateTimeOffset ReadDateTimeOffset(ref ProtoReader.State state) =>
        state.ReadMessage(default, default(DateTimeOffset), DateTimeOffsetMessage.Instance);

    /// <summary>
    /// A member protobuf can't save as it is: it is null (or empty) where the model's default is not, and protobuf has no
    /// null (nor an empty list apart from an absent one), so a load would give it the default instead.
    /// </summary>
    public static SaveEncodingException Indistinct(string type, string member, string what) =>
        new($"The protobuf format can't tell {type}.{member} being {what} from its default, which a load would give it instead, so nothing was written. "
            + "Save in MessagePack or XML, or make the member's default match.");

    // Values protobuf has no type for travel as their invariant text, the form MessagePack writes them in.
    public static string Text(decimal value) => value.ToString(CultureInfo.InvariantCulture);

    public static string Text(Int128 value) => value.ToString(CultureInfo.InvariantCulture);

    public static string Text(UInt128 value) => value.ToString(CultureInfo.InvariantCulture);

    public static string Text(BigInteger value) => value.ToString(CultureInfo.InvariantCulture);

    public static string Text(Guid value) => value.ToString("D");

    public static string Text(Uri value)
    {
        ArgumentNullException.ThrowIfNull(value);
        return value.OriginalString;
    }

    public static string Text(Version value)
    {
        ArgumentNullException.ThrowIfNull(value);
        return value.ToString();
    }

    /// <summary>A decimal as <see cref="Text(decimal)"/> writes it: digits, a leading '-' and a point; no exponent, separators or spaces.</summary>
    public static decimal ToDecimal(string text) => decimal.Parse(text, NumberStyles.AllowLeadingSign | NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture);

    public static Int128 ToInt128(string text) => Int128.Parse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);

    public static UInt128 ToUInt128(string text) => UInt128.Parse(text, NumberStyles.None, CultureInfo.InvariantCulture);

    public static BigInteger ToBigInteger(string text) => BigInteger.Parse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);

    public static Guid ToGuid(string text) => Guid.Parse(text);

    public static Uri ToUri(string text) => new(text, UriKind.RelativeOrAbsolute);

    public static Version ToVersion(string text) => Version.Parse(text);

    // Whether a value equals a field's default, so that leaving the field out loads it back the same.
    public static bool Same(float a, float b) => BitConverter.SingleToInt32Bits(a) == BitConverter.SingleToInt32Bits(b);

    public static bool Same(double a, double b) => BitConverter.DoubleToInt64Bits(a) == BitConverter.DoubleToInt64Bits(b);

    public static bool Same(Half a, Half b) => BitConverter.HalfToInt16Bits(a) == BitConverter.HalfToInt16Bits(b);

    /// <summary>Decimals are the same only with the same scale: 1.50 and 1.5 are written differently.</summary>
    public static bool Same(decimal a, decimal b) => decimal.GetBits(a).AsSpan().SequenceEqual(decimal.GetBits(b));

    public static bool Same(DateTime a, DateTime b) => CodecSupport.Instant(a) == CodecSupport.Instant(b);

    public static bool Same(DateTimeOffset a, DateTimeOffset b) => a.EqualsExact(b);

    public static bool Same(string? a, string? b) => string.Equals(a, b, StringComparison.Ordinal);

    public static bool Same(byte[]? a, byte[]? b) => a is null ? b is null : b is not null && a.AsSpan().SequenceEqual(b);

    public static bool Same<T>(T a, T b) => EqualityComparer<T>.Default.Equals(a, b);

    /// <summary>
    /// An item of a collection whose items may be null, as the message that holds it (field 1, absent for null): a
    /// struct, so that a null item still makes a (then empty) message where protobuf-net would write nothing.
    /// </summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public readonly struct Item<T>(T value)
    {
        public T Value { get; } = value;
    }

    /// <summary>Starts a packed field's run of values (varints, or fixed 32- or 64-bit little-endian), written by <see cref="PackedRun.WriteTo"/>.</summary>
    public static PackedRun Packed() => new();

    /// <summary>Writes floats as one packed field.</summary>
    public static void WritePacked(ref ProtoWriter.State state, int field, ReadOnlySpan<float> values)
    {
        if (values.IsEmpty)
        {
            return;
        }

        state.WriteFieldHeader(field, WireType.String);
        if (BitConverter.IsLittleEndian)
        {
            state.WriteBytes(MemoryMarshal.AsBytes(values));
            return;
        }

        var run = new PackedRun();
        foreach (var value in values)
        {
            run.Fixed32((uint)BitConverter.SingleToInt32Bits(value));
        }

        state.WriteBytes(run.Written);
        run.Dispose();
    }

    /// <summary>Writes doubles as one packed field.</summary>
    public static void WritePacked(ref ProtoWriter.State state, int field, ReadOnlySpan<double> values)
    {
        if (values.IsEmpty)
        {
            return;
        }

        state.WriteFieldHeader(field, WireType.String);
        if (BitConverter.IsLittleEndian)
        {
            state.WriteBytes(MemoryMarshal.AsBytes(values));
            return;
        }

        var run = new PackedRun();
        foreach (var value in values)
        {
            run.Fixed64((ulong)BitConverter.DoubleToInt64Bits(value));
        }

        state.WriteBytes(run.Written);
        run.Dispose();
    }

    /// <summary>
    /// An integer field's value: a varint, as a 64-bit two's-complement number (protobuf writes a negative int32 or int64
    /// in ten bytes), which the caller holds to its member's type. protobuf-net would also take a fixed-width value, and
    /// read a five-byte varint beyond int32 into an int32 as its low 32 bits.
    /// </summary>
    public static long ReadSigned(ref ProtoReader.State state) =>
        state.WireType == WireType.Varint ? state.ReadInt64() : throw NotA(ref state, "varint");

    /// <summary>An unsigned integer field's value: a varint, as an unsigned 64-bit number the caller holds to its member's type.</summary>
    public static ulong ReadUnsigned(ref ProtoReader.State state) =>
        state.WireType == WireType.Varint ? state.ReadUInt64() : throw NotA(ref state, "varint");

    /// <summary>
    /// A fixed64 field's value (a ulong's), or a varint in uint's range: a byte, ushort or uint member widened to ulong
    /// keeps its field, which holds a varint in saves of the narrower member.
    /// </summary>
    public static ulong ReadFixed64(ref ProtoReader.State state)
    {
        switch (state.WireType)
        {
            case WireType.Fixed64:
                return state.ReadUInt64();
            case WireType.Varint:
                ulong value = state.ReadUInt64();
                return value <= uint.MaxValue
                    ? value
                    : throw new ProtoException($"Field {state.FieldNumber} is a varint of {value}, where its member's is a fixed64 or a varint of an unsigned 32-bit value.");
            default:
                throw NotA(ref state, "fixed64");
        }
    }

    /// <summary>A bool field's value: a varint holding 0 or 1, as protobuf writes it.</summary>
    public static bool ReadBoolean(ref ProtoReader.State state) => Boolean(ReadSigned(ref state));

    /// <summary>A bool from a varint of a packed run: 0 or 1.</summary>
    public static bool Boolean(long value) => value switch
    {
        0 => false,
        1 => true,
        _ => throw new ProtoException($"A bool field holds {value}, where protobuf writes 0 or 1."),
    };

    private static ProtoException NotA(ref ProtoReader.State state, string encoding) =>
        new($"Field {state.FieldNumber} is a {state.WireType} value, where its member's is a {encoding}.");

    /// <summary>The varints of a repeated varint field's occurrence: a packed run, or one value.</summary>
    public static long[] ReadVarints(ref ProtoReader.State state)
    {
        if (state.WireType != WireType.String)
        {
            return [ReadSigned(ref state)];
        }

        var bytes = ReadBytes(ref state).AsSpan();
        var values = new List<long>(bytes.Length);
        while (!bytes.IsEmpty)
        {
            ulong value = 0;
            for (int shift = 0; ; shift += 7)
            {
                if (bytes.IsEmpty || shift > 63)
                {
                    throw new ProtoException("A packed varint is cut short or longer than ten bytes.");
                }

                byte b = bytes[0];
                bytes = bytes[1..];
                value |= (ulong)(b & 0x7F) << shift;
                if (b < 0x80)
                {
                    break;
                }
            }

            values.Add((long)value);
        }

        return [.. values];
    }

    /// <summary>The floats of a repeated float field's occurrence: a packed run, or one value.</summary>
    public static float[] ReadSingles(ref ProtoReader.State state) =>
        state.WireType == WireType.String ? FixedRun<float>(ref state) : [state.ReadSingle()];

    /// <summary>The doubles of a repeated double field's occurrence: a packed run, or one value.</summary>
    public static double[] ReadDoubles(ref ProtoReader.State state) =>
        state.WireType == WireType.String ? FixedRun<double>(ref state) : [state.ReadDouble()];

    /// <summary>The 64-bit values of a repeated fixed64 field's occurrence: a packed run, or one value.</summary>
    public static ulong[] ReadFixed64s(ref ProtoReader.State state) =>
        state.WireType == WireType.String ? FixedRun<ulong>(ref state) : [ReadFixed64(ref state)];

    /// <summary>A packed run of fixed-size values, which protobuf writes little-endian.</summary>
    private static T[] FixedRun<T>(ref ProtoReader.State state)
        where T : unmanaged
    {
        byte[] bytes = ReadBytes(ref state);
        int size = Unsafe.SizeOf<T>();
        if (bytes.Length % size != 0)
        {
            throw new ProtoException($"A packed run of {bytes.Length} bytes is not whole {size}-byte values.");
        }

        if (!BitConverter.IsLittleEndian)
        {
            for (int i = 0; i < bytes.Length; i += size)
            {
                bytes.AsSpan(i, size).Reverse();
            }
        }

        return MemoryMarshal.Cast<byte, T>(bytes).ToArray();
    }

    /// <summary>A packed field's values, encoded into a pooled buffer and then written as one length-delimited field.</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public struct PackedRun : IDisposable
    {
        private byte[] _buffer;
        private int _length;

        public PackedRun()
        {
            _buffer = ArrayPool<byte>.Shared.Rent(256);
            _length = 0;
        }

        internal readonly ReadOnlySpan<byte> Written => _buffer.AsSpan(0, _length);

        public void Varint(ulong value)
        {
            Reserve(10);
            while (value >= 0x80)
            {
                _buffer[_length++] = (byte)(value | 0x80);
                value >>= 7;
            }

            _buffer[_length++] = (byte)value;
        }

        /// <summary>A signed value as protobuf's int32 and int64 write it: negative values as ten-byte varints.</summary>
        public void Varint(long value) => Varint((ulong)value);

        public void Fixed32(uint value)
        {
            Reserve(4);
            BinaryPrimitives.WriteUInt32LittleEndian(_buffer.AsSpan(_length), value);
            _length += 4;
        }

        public void Fixed64(ulong value)
        {
            Reserve(8);
            BinaryPrimitives.WriteUInt64LittleEndian(_buffer.AsSpan(_length), value);
            _length += 8;
        }

        /// <summary>Writes the run as field <paramref name="field"/> (nothing when it is empty) and returns the buffer.</summary>
        public void WriteTo(ref ProtoWriter.State state, int field)
        {
            if (_length > 0)
            {
                state.WriteFieldHeader(field, WireType.String);
                state.WriteBytes(Written);
            }

            Dispose();
        }

        public void Dispose()
        {
            if (_buffer is { Length: > 0 } buffer)
            {
                _buffer = [];
                ArrayPool<byte>.Shared.Return(buffer);
            }
        }

        private void Reserve(int bytes)
        {
            if (_length + bytes > _buffer.Length)
            {
                var larger = ArrayPool<byte>.Shared.Rent(Math.Max(_buffer.Length * 2, _length + bytes));
                _buffer.AsSpan(0, _length).CopyTo(larger);
                ArrayPool<byte>.Shared.Return(_buffer);
                _buffer = larger;
            }
        }
    }

    private sealed class DateTimeOffsetMessage : ISerializer<DateTimeOffset>
    {
        public static readonly DateTimeOffsetMessage Instance = new();

        public SerializerFeatures Features => SerializerFeatures.CategoryMessage | SerializerFeatures.WireTypeString;

        public void Write(ref ProtoWriter.State state, DateTimeOffset value)
        {
            WriteTimestamp(ref state, 1, value.UtcDateTime);
            if (value.Offset != TimeSpan.Zero)
            {
                state.WriteFieldHeader(2, WireType.SignedVarint);
                state.WriteInt32((int)value.Offset.TotalMinutes);
            }
        }

        public DateTimeOffset Read(ref ProtoReader.State state, DateTimeOffset value)
        {
            var utc = DateTime.UnixEpoch;
            int minutes = 0;
            int field;
            while ((field = state.ReadFieldHeader()) > 0)
            {
                switch (field)
                {
                    case 1:
                        utc = ReadTimestamp(ref state);
                        break;
                    case 2:
                        state.Hint(WireType.SignedVarint);
                        minutes = state.ReadInt32();
                        break;
                    default:
                        state.SkipField();
                        break;
                }
            }

            return new DateTimeOffset(utc).ToOffset(TimeSpan.FromMinutes(minutes));
        }
    }
}

using System.Buffers;
using System.Buffers.Binary;

namespace Engine.Serialization.Documents;

/// <summary>The protobuf wire types the generated codecs write (groups, 3 and 4, are not among them).</summary>
internal enum ProtoWireType
{
    Varint = 0,
    Fixed64 = 1,
    LengthDelimited = 2,
    Fixed32 = 5,
}

/// <summary>Reads protobuf's wire encoding from a payload, refusing (with <see cref="InvalidOperationException"/>) what runs past its end.</summary>
internal ref struct ProtoWireReader(ReadOnlySpan<byte> bytes)
{
    private readonly ReadOnlySpan<byte> _bytes = bytes;

    public int Position { get; private set; }

    public readonly bool End => Position >= _bytes.Length;

    public ulong ReadVarint()
    {
        ulong value = 0;
        for (int shift = 0; shift < 64; shift += 7)
        {
            if (Position >= _bytes.Length)
            {
                throw new InvalidOperationException("the payload ends inside a number");
            }

            byte b = _bytes[Position++];
            value |= (ulong)(b & 0x7F) << shift;
            if (b < 0x80)
            {
                return value;
            }
        }

        throw new InvalidOperationException("a number runs past ten bytes");
    }

    /// <summary>A field's number and wire type.</summary>
    public (int Number, ProtoWireType Wire) ReadTag()
    {
        ulong tag = ReadVarint();
        ulong number = tag >> 3;
        var wire = (ProtoWireType)(tag & 7);
        if (number is 0 or > ProtoField.MaxNumber)
        {
            throw new InvalidOperationException($"a field is numbered {number}");
        }

        if (wire is not (ProtoWireType.Varint or ProtoWireType.Fixed64 or ProtoWireType.LengthDelimited or ProtoWireType.Fixed32))
        {
            throw new InvalidOperationException($"field {number} has the wire type {(int)wire}, which these saves don't use");
        }

        return ((int)number, wire);
    }

    public ulong ReadFixed(int size)
    {
        if (_bytes.Length - Position < size)
        {
            throw new InvalidOperationException("the payload ends inside a fixed-size number");
        }

        var span = _bytes.Slice(Position, size);
        Position += size;
        return size == 4 ? BinaryPrimitives.ReadUInt32LittleEndian(span) : BinaryPrimitives.ReadUInt64LittleEndian(span);
    }

    /// <summary>A length-delimited value's position and length, after checking the payload holds it.</summary>
    public (int Start, int Length) ReadLengthDelimited()
    {
        ulong length = ReadVarint();
        if (length > (ulong)(_bytes.Length - Position))
        {
            throw new InvalidOperationException($"a value claims {length:N0} bytes where {_bytes.Length - Position:N0} are left");
        }

        int start = Position;
        Position += (int)length;
        return (start, (int)length);
    }

    /// <summary>A value of <paramref name="wire"/> that isn't length-delimited, as its bits.</summary>
    public ulong ReadBits(ProtoWireType wire) => wire switch
    {
        ProtoWireType.Varint => ReadVarint(),
        ProtoWireType.Fixed32 => ReadFixed(4),
        _ => ReadFixed(8),
    };
}

/// <summary>Writes protobuf's wire encoding.</summary>
internal static class ProtoWireWriter
{
    public static void Tag(IBufferWriter<byte> output, int number, ProtoWireType wire) => Varint(output, ((ulong)number << 3) | (ulong)wire);

    public static void Varint(IBufferWriter<byte> output, ulong value)
    {
        var span = output.GetSpan(10);
        int i = 0;
        while (value >= 0x80)
        {
            span[i++] = (byte)(value | 0x80);
            value >>= 7;
        }

        span[i++] = (byte)value;
        output.Advance(i);
    }

    /// <summary>The bits of a value that isn't length-delimited, as <paramref name="wire"/> writes them.</summary>
    public static void Bits(IBufferWriter<byte> output, ProtoWireType wire, ulong bits)
    {
        switch (wire)
        {
            case ProtoWireType.Varint:
                Varint(output, bits);
                break;
            case ProtoWireType.Fixed32:
                BinaryPrimitives.WriteUInt32LittleEndian(output.GetSpan(4), (uint)bits);
                output.Advance(4);
                break;
            default:
                BinaryPrimitives.WriteUInt64LittleEndian(output.GetSpan(8), bits);
                output.Advance(8);
                break;
        }
    }

    public static void LengthDelimited(IBufferWriter<byte> output, int number, ReadOnlySpan<byte> value)
    {
        Tag(output, number, ProtoWireType.LengthDelimited);
        Varint(output, (ulong)value.Length);
        output.Write(value);
    }
}

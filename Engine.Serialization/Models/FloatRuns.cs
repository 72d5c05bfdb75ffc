using System.Buffers.Binary;
using System.ComponentModel;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.Arm;
using System.Runtime.Intrinsics.X86;
using Engine.Serialization.IO;
using MessagePack;

namespace Engine.Serialization.Models;

/// <summary>
/// Runs of floats and doubles (a height grid, a path) in bulk, for generated codecs: each value in the encoding
/// MessagePackWriter.Write gives it (0xCA and 4 big-endian bytes, 0xCB and 8), so the bytes are MessagePack-CSharp's.
/// Floats move three at a time through one byte shuffle where the processor has one. Games don't call it.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class FloatRuns
{
    private const byte Float32 = 0xCA;
    private const byte Float64 = 0xCB;

    // Values per span asked of the writer: big enough to amortize the call, small enough for its pooled buffers.
    private const int ValuesPerSpan = 8192;

    /// <summary>An array for a run of <paramref name="count"/> values, not zeroed (the reader writes every item or fails) and mapped in one call where the OS offers it.</summary>
    public static T[] NewArray<T>(int count)
        where T : unmanaged => count == 0 ? [] : FreshMemory.Array<T>(count);

    /// <summary>Reads the floats next in the reader's current segment into <paramref name="destination"/>, up to the first in another encoding; returns how many.</summary>
    public static int ReadSingles(ref MessagePackReader reader, Span<float> destination)
    {
        var bytes = reader.Sequence.Slice(reader.Position).FirstSpan;
        int count = Math.Min(destination.Length, bytes.Length / 5);
        int i = Shuffles ? ReadSinglesByShuffle(bytes, destination, count) : 0;
        for (; i < count; i++)
        {
            if (bytes[i * 5] != Float32)
            {
                break;
            }

            destination[i] = BitConverter.Int32BitsToSingle(BinaryPrimitives.ReadInt32BigEndian(bytes.Slice((i * 5) + 1, 4)));
        }

        reader.ReadRaw(i * 5L);
        return i;
    }

    /// <summary>Writes <paramref name="values"/> as MessagePackWriter.Write(float) writes each.</summary>
    public static void WriteSingles(ref MessagePackWriter writer, ReadOnlySpan<float> values)
    {
        while (!values.IsEmpty)
        {
            int count = Math.Min(values.Length, ValuesPerSpan);
            var bytes = writer.GetSpan(count * 5)[..(count * 5)];
            int i = Shuffles ? WriteSinglesByShuffle(values[..count], bytes) : 0;
            for (; i < count; i++)
            {
                bytes[i * 5] = Float32;
                BinaryPrimitives.WriteInt32BigEndian(bytes.Slice((i * 5) + 1, 4), BitConverter.SingleToInt32Bits(values[i]));
            }

            writer.Advance(bytes.Length);
            values = values[count..];
        }
    }

    /// <summary>Reads the doubles next in the reader's current segment into <paramref name="destination"/>, up to the first in another encoding; returns how many.</summary>
    public static int ReadDoubles(ref MessagePackReader reader, Span<double> destination)
    {
        var bytes = reader.Sequence.Slice(reader.Position).FirstSpan;
        int count = Math.Min(destination.Length, bytes.Length / 9);
        int i = 0;
        for (; i < count; i++)
        {
            if (bytes[i * 9] != Float64)
            {
                break;
            }

            destination[i] = BitConverter.Int64BitsToDouble(BinaryPrimitives.ReadInt64BigEndian(bytes.Slice((i * 9) + 1, 8)));
        }

        reader.ReadRaw(i * 9L);
        return i;
    }

    /// <summary>Writes <paramref name="values"/> as MessagePackWriter.Write(double) writes each.</summary>
    public static void WriteDoubles(ref MessagePackWriter writer, ReadOnlySpan<double> values)
    {
        while (!values.IsEmpty)
        {
            int count = Math.Min(values.Length, ValuesPerSpan);
            var bytes = writer.GetSpan(count * 9)[..(count * 9)];
            for (int i = 0; i < count; i++)
            {
                bytes[i * 9] = Float64;
                BinaryPrimitives.WriteInt64BigEndian(bytes.Slice((i * 9) + 1, 8), BitConverter.DoubleToInt64Bits(values[i]));
            }

            writer.Advance(bytes.Length);
            values = values[count..];
        }
    }

    /// <summary>Whether a constant byte shuffle is one instruction here (pshufb, tbl); the loops below assume little-endian floats.</summary>
    private static bool Shuffles => BitConverter.IsLittleEndian && (Ssse3.IsSupported || AdvSimd.Arm64.IsSupported);

    // 16 bytes of three encoded floats and the next one's first byte: [CA b3 b2 b1 b0] x 3, CA.
    private static Vector128<byte> EncodedMarkers => Vector128.Create((byte)0xCA, 0, 0, 0, 0, 0xCA, 0, 0, 0, 0, 0xCA, 0, 0, 0, 0, 0xCA);

    private static Vector128<byte> MarkerMask => Vector128.Create((byte)0xFF, 0, 0, 0, 0, 0xFF, 0, 0, 0, 0, 0xFF, 0, 0, 0, 0, 0);

    /// <summary>Three floats per step, while four remain: each step stores 16 bytes, of which the next step keeps 15.</summary>
    private static int WriteSinglesByShuffle(ReadOnlySpan<float> values, Span<byte> bytes)
    {
        // An index of 0xFF gives 0, which the marker then fills.
        var toEncoded = Vector128.Create((byte)0xFF, 3, 2, 1, 0, 0xFF, 7, 6, 5, 4, 0xFF, 11, 10, 9, 8, 0xFF);
        ref byte source = ref Unsafe.As<float, byte>(ref MemoryMarshal.GetReference(values));
        ref byte target = ref MemoryMarshal.GetReference(bytes);
        int i = 0;
        for (; i + 4 <= values.Length; i += 3)
        {
            var raw = Vector128.LoadUnsafe(ref source, (nuint)(i * 4));
            (Vector128.Shuffle(raw, toEncoded) | EncodedMarkers).StoreUnsafe(ref target, (nuint)(i * 5));
        }

        return i;
    }

    /// <summary>Three floats per step, while four fit: a step whose three code bytes are not all 0xCA leaves the rest to the caller.</summary>
    private static int ReadSinglesByShuffle(ReadOnlySpan<byte> bytes, Span<float> destination, int count)
    {
        var toFloats = Vector128.Create((byte)4, 3, 2, 1, 9, 8, 7, 6, 14, 13, 12, 11, 0xFF, 0xFF, 0xFF, 0xFF);
        var markers = EncodedMarkers & MarkerMask;
        ref byte source = ref MemoryMarshal.GetReference(bytes);
        ref byte target = ref Unsafe.As<float, byte>(ref MemoryMarshal.GetReference(destination));
        int i = 0;
        for (; i + 4 <= count; i += 3)
        {
            var encoded = Vector128.LoadUnsafe(ref source, (nuint)(i * 5));
            if ((encoded & MarkerMask) != markers)
            {
                break;
            }

            Vector128.Shuffle(encoded, toFloats).StoreUnsafe(ref target, (nuint)(i * 4));
        }

        return i;
    }
}

using System.Buffers.Binary;
using System.ComponentModel;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.Arm;
using System.Runtime.Intrinsics.X86;
using Engine.Serialization.IO;
using MessagePack;

namespace Engine.Serialization.Internal;

/// <summary>
/// Runs of floats and doubles (a height grid, a path) in bulk, for generated codecs: each value in the encoding
/// MessagePackWriter.Write gives it (0xCA and 4 big-endian bytes, 0xCB and 8), so the bytes are MessagePack-CSharp's.
/// Floats move three at a time through one byte shuffle where the processor has one. Games don't call it.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class FloatRuns
{
    // Values per span asked of the writer: big enough to amortize the call, small enough for its pooled buffers.
    private const int ValuesPerSpan = 8192;

    /// <summary>An array for a run of <paramref name="count"/> values, not zeroed (the reader writes every item or fails) and mapped in one call where the OS offers it.</summary>
    public static T[] NewArray<T>(int count)
        where T : unmanaged => count == 0 ? [] : FreshMemory.Array<T>(count);

    /// <summary>Reads the floats next in the reader's current segment into <paramref name="destination"/>, up to the first in another encoding; returns how many.</summary>
    public static int ReadSingles(ref MessagePackReader reader, Span<float> destination) => Read<float, Float32>(ref reader, destination);

    /// <summary>Writes <paramref name="values"/> as MessagePackWriter.Write(float) writes each.</summary>
    public static void WriteSingles(ref MessagePackWriter writer, ReadOnlySpan<float> values) => Write<float, Float32>(ref writer, values);

    /// <summary>Reads the doubles next in the reader's current segment into <paramref name="destination"/>, up to the first in another encoding; returns how many.</summary>
    public static int ReadDoubles(ref MessagePackReader reader, Span<double> destination) => Read<double, Float64>(ref reader, destination);

    /// <summary>Writes <paramref name="values"/> as MessagePackWriter.Write(double) writes each.</summary>
    public static void WriteDoubles(ref MessagePackWriter writer, ReadOnlySpan<double> values) => Write<double, Float64>(ref writer, values);

    private static int Read<T, TEncoding>(ref MessagePackReader reader, Span<T> destination)
        where TEncoding : struct, IEncoding<T>
    {
        int size = TEncoding.Size;
        var bytes = reader.Sequence.Slice(reader.Position).FirstSpan;
        int count = Math.Min(destination.Length, bytes.Length / size);
        int i = TEncoding.ReadInBulk(bytes, destination, count);
        for (; i < count; i++)
        {
            if (bytes[i * size] != TEncoding.Code)
            {
                break;
            }

            destination[i] = TEncoding.Decode(bytes.Slice((i * size) + 1, size - 1));
        }

        reader.ReadRaw((long)i * size);
        return i;
    }

    private static void Write<T, TEncoding>(ref MessagePackWriter writer, ReadOnlySpan<T> values)
        where TEncoding : struct, IEncoding<T>
    {
        int size = TEncoding.Size;
        while (!values.IsEmpty)
        {
            int count = Math.Min(values.Length, ValuesPerSpan);
            var bytes = writer.GetSpan(count * size)[..(count * size)];
            int i = TEncoding.WriteInBulk(values[..count], bytes);
            for (; i < count; i++)
            {
                bytes[i * size] = TEncoding.Code;
                TEncoding.Encode(values[i], bytes.Slice((i * size) + 1, size - 1));
            }

            writer.Advance(bytes.Length);
            values = values[count..];
        }
    }

    /// <summary>One fixed-width float encoding: its code byte, its size with the code, and its big-endian bits; the bulk methods do what they can and return how many.</summary>
    private interface IEncoding<T>
    {
        static abstract byte Code { get; }

        static abstract int Size { get; }

        static abstract T Decode(ReadOnlySpan<byte> bigEndian);

        static abstract void Encode(T value, Span<byte> bigEndian);

        static abstract int ReadInBulk(ReadOnlySpan<byte> bytes, Span<T> destination, int count);

        static abstract int WriteInBulk(ReadOnlySpan<T> values, Span<byte> bytes);
    }

    private readonly struct Float32 : IEncoding<float>
    {
        public static byte Code => 0xCA;

        public static int Size => 5;

        public static float Decode(ReadOnlySpan<byte> bigEndian) => BitConverter.Int32BitsToSingle(BinaryPrimitives.ReadInt32BigEndian(bigEndian));

        public static void Encode(float value, Span<byte> bigEndian) => BinaryPrimitives.WriteInt32BigEndian(bigEndian, BitConverter.SingleToInt32Bits(value));

        public static int ReadInBulk(ReadOnlySpan<byte> bytes, Span<float> destination, int count) => Shuffles ? ReadSinglesByShuffle(bytes, destination, count) : 0;

        public static int WriteInBulk(ReadOnlySpan<float> values, Span<byte> bytes) => Shuffles ? WriteSinglesByShuffle(values, bytes) : 0;
    }

    private readonly struct Float64 : IEncoding<double>
    {
        public static byte Code => 0xCB;

        public static int Size => 9;

        public static double Decode(ReadOnlySpan<byte> bigEndian) => BitConverter.Int64BitsToDouble(BinaryPrimitives.ReadInt64BigEndian(bigEndian));

        public static void Encode(double value, Span<byte> bigEndian) => BinaryPrimitives.WriteInt64BigEndian(bigEndian, BitConverter.DoubleToInt64Bits(value));

        // A double and its code don't pack into 16 bytes usefully: one at a time.
        public static int ReadInBulk(ReadOnlySpan<byte> bytes, Span<double> destination, int count) => 0;

        public static int WriteInBulk(ReadOnlySpan<double> values, Span<byte> bytes) => 0;
    }

    /// <summary>Whether a constant byte shuffle is one instruction here (pshufb, tbl); the loops below assume little-endian floats.</summary>
    private static bool Shuffles => BitConverter.IsLittleEndian && (Ssse3.IsSupported || AdvSimd.Arm64.IsSupported);

    /// <summary>
    /// The byte shuffle itself; an index of 0x80 or more gives 0 on both. Not Vector128.Shuffle: NativeAOT compiles for a
    /// baseline without pshufb and would call its software fallback, which costs more than the scalar loop.
    /// </summary>
    private static Vector128<byte> ShuffleBytes(Vector128<byte> bytes, Vector128<byte> indices) =>
        Ssse3.IsSupported ? Ssse3.Shuffle(bytes, indices) : AdvSimd.Arm64.VectorTableLookup(bytes, indices);

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
            (ShuffleBytes(raw, toEncoded) | EncodedMarkers).StoreUnsafe(ref target, (nuint)(i * 5));
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

            ShuffleBytes(encoded, toFloats).StoreUnsafe(ref target, (nuint)(i * 4));
        }

        return i;
    }
}

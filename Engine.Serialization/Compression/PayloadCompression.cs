using System.Buffers;
using Engine.Serialization.Errors;
using K4os.Compression.LZ4;
using K4os.Compression.LZ4.Streams;

namespace Engine.Serialization.Compression;

/// <summary>Compresses and decompresses a save's payload. Knows nothing of formats or the container.</summary>
internal static class PayloadCompression
{
    /// <summary>
    /// The most an LZ4 frame can expand: a match grows by at most 255 bytes per stored byte (its
    /// length's extension bytes), and every other byte stored yields at most one byte.
    /// </summary>
    public const int MaxLz4Expansion = 255;

    public static void Compress(SaveCompression compression, ReadOnlySpan<byte> payload, IBufferWriter<byte> output, Lz4Level level)
    {
        switch (compression)
        {
            case SaveCompression.None:
                output.Write(payload);
                break;
            case SaveCompression.Lz4:
                // No content size in the frame header: K4os 1.3.8 can't write it to a buffer writer,
                // and the container's header carries the decoded length anyway.
                LZ4Frame.Encode(payload, output, new LZ4EncoderSettings { CompressionLevel = ToK4os(level) });
                break;
            default:
                throw new ArgumentOutOfRangeException(nameof(compression), compression, "Unknown compression.");
        }
    }

    /// <summary>
    /// Decompresses into a buffer of at most <paramref name="decodedLength"/> bytes (already checked against the limits),
    /// so a hostile frame can't make it allocate more; and only once the stored bytes could expand that far, and then
    /// only as fast as the frame really yields bytes (<see cref="Lz4FrameDecoding"/>), so a tiny file can't make it
    /// allocate the limit.
    /// </summary>
    public static ReadOnlyMemory<byte> Decompress(SaveCompression compression, ReadOnlyMemory<byte> stored, int decodedLength)
    {
        switch (compression)
        {
            case SaveCompression.None:
                return stored.Length == decodedLength
                    ? stored
                    : throw new SaveCorruptedException($"The payload is {stored.Length} bytes but the header says {decodedLength}.");
            case SaveCompression.Lz4:
                return DecodeLz4(stored, decodedLength);
            default:
                throw new UnknownSaveFormatException($"Compression {(byte)compression} is not known to this build of the game.");
        }
    }

    private static byte[] DecodeLz4(ReadOnlyMemory<byte> stored, int decodedLength)
    {
        if (decodedLength > (long)stored.Length * MaxLz4Expansion)
        {
            throw new SaveCorruptedException(
                $"The header says the {stored.Length:N0}-byte LZ4 payload decodes to {decodedLength:N0} bytes, more than LZ4 can expand to.");
        }

        return Lz4FrameDecoding.Decode(stored.Span, decodedLength);
    }

    private static LZ4Level ToK4os(Lz4Level level) => level switch
    {
        Lz4Level.Fast => LZ4Level.L00_FAST,
        Lz4Level.High => LZ4Level.L09_HC,
        Lz4Level.Max => LZ4Level.L12_MAX,
        _ => throw new ArgumentOutOfRangeException(nameof(level), level, "Unknown LZ4 level."),
    };
}

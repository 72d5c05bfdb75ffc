using System.Buffers;
using System.Buffers.Binary;
using Engine.Serialization.Errors;
using Engine.Serialization.IO;
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
    /// Decompresses into a buffer of exactly <paramref name="decodedLength"/> bytes (already checked
    /// against the limits), so a hostile frame can't make it allocate more; and only once the
    /// stored bytes could expand that far, so a tiny file can't make it allocate the limit.
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

    /// <summary>
    /// The length of the LZ4 frame at the start of <paramref name="stored"/>, from its descriptor and block sizes (LZ4
    /// frame format 1.6): magic, descriptor, blocks until the zero end mark, and the content checksum if flagged.
    /// Called once the frame has decoded, so the frame is whole.
    /// </summary>
    private static long Lz4FrameLength(ReadOnlySpan<byte> stored)
    {
        byte flags = stored[4];
        bool blockChecksums = (flags & 0x10) != 0;
        long position = 4 + 2 + ((flags & 0x08) != 0 ? 8 : 0) + ((flags & 0x01) != 0 ? 4 : 0) + 1;
        while (true)
        {
            uint block = BinaryPrimitives.ReadUInt32LittleEndian(stored[(int)position..]);
            position += 4;
            if (block == 0)
            {
                return position + ((flags & 0x04) != 0 ? 4 : 0);
            }

            position += (block & 0x7FFF_FFFF) + (blockChecksums ? 4 : 0);
        }
    }

    private static byte[] DecodeLz4(ReadOnlyMemory<byte> stored, int decodedLength)
    {
        if (decodedLength > (long)stored.Length * MaxLz4Expansion)
        {
            throw new SaveCorruptedException(
                $"The header says the {stored.Length:N0}-byte LZ4 payload decodes to {decodedLength:N0} bytes, more than LZ4 can expand to.");
        }

        var decoded = FreshMemory.Array(decodedLength); // every byte is written below, or the load fails
        try
        {
            using var reader = LZ4Frame.Decode(stored);
            int filled = 0;
            while (filled < decodedLength)
            {
                int read = reader.ReadManyBytes(decoded.AsSpan(filled));
                if (read == 0)
                {
                    throw new SaveCorruptedException($"The LZ4 payload ends after {filled} bytes; the header says {decodedLength}.");
                }

                filled += read;
            }

            if (reader.ReadOneByte() >= 0)
            {
                throw new SaveCorruptedException($"The LZ4 payload holds more than the {decodedLength} bytes the header says.");
            }

            // The decoder stops at the end of the first frame; whatever follows it is refused, as after a plain payload.
            long frame = Lz4FrameLength(stored.Span);
            if (frame != stored.Length)
            {
                throw new SaveCorruptedException($"The LZ4 payload has {stored.Length - frame:N0} bytes after its frame.");
            }
        }
        catch (Exception e) when (e is not SaveException)
        {
            // K4os reports damaged frames with several exception types (InvalidDataException, ArgumentException, ...),
            // in words that mean nothing to a player; the exception stays the inner one.
            throw new SaveCorruptedException("The LZ4 payload is damaged: it does not decompress to the payload the header describes.", innerException: e);
        }

        return decoded;
    }

    private static LZ4Level ToK4os(Lz4Level level) => level switch
    {
        Lz4Level.Fast => LZ4Level.L00_FAST,
        Lz4Level.High => LZ4Level.L09_HC,
        Lz4Level.Max => LZ4Level.L12_MAX,
        _ => throw new ArgumentOutOfRangeException(nameof(level), level, "Unknown LZ4 level."),
    };
}

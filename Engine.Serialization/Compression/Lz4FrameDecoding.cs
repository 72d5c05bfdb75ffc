using System.Buffers.Binary;
using System.IO.Hashing;
using Engine.Serialization.Errors;
using K4os.Compression.LZ4;

namespace Engine.Serialization.Compression;

/// <summary>
/// Decodes an LZ4 frame (frame format 1.6) straight into the payload's buffer, block by block with K4os's safe block
/// decoder, a block linked to the ones before it reading them where they already are: no frame stream, no block
/// buffer, no copy. Every length is checked here before K4os sees it, and everything the frame format lets a writer
/// add (block and content checksums, a content size) is read and checked or, for the size, left aside: the header's
/// decoded length is the one believed.
/// </summary>
internal static class Lz4FrameDecoding
{
    private const uint Magic = 0x184D2204;
    private const int LinkedWindow = 64 * 1024;

    /// <summary>Fills <paramref name="destination"/> from <paramref name="frame"/>, which must hold exactly one frame that decodes to exactly that.</summary>
    public static void DecodeInto(ReadOnlySpan<byte> frame, Span<byte> destination)
    {
        if (frame.Length < 7 || BinaryPrimitives.ReadUInt32LittleEndian(frame) != Magic)
        {
            throw Damaged("it does not start with an LZ4 frame");
        }

        byte flags = frame[4];
        byte blockDescriptor = frame[5];
        if (flags >> 6 != 1 || (flags & 0x02) != 0 || (blockDescriptor & 0x8F) != 0 || (blockDescriptor >> 4) < 4)
        {
            throw Damaged("its frame descriptor is not one of LZ4 frame format 1.6");
        }

        if ((flags & 0x01) != 0)
        {
            throw Damaged("its frame needs a dictionary, which saves never use");
        }

        bool independent = (flags & 0x20) != 0;
        bool blockChecksums = (flags & 0x10) != 0;
        bool contentChecksum = (flags & 0x04) != 0;
        int descriptorLength = 2 + ((flags & 0x08) != 0 ? 8 : 0); // the content size, if any, is not believed
        int maxBlock = 1 << (8 + (2 * (blockDescriptor >> 4)));
        var reader = new FrameReader(frame, 4);
        var descriptor = reader.Take(descriptorLength);
        if (reader.Take(1)[0] != (byte)(XxHash32.HashToUInt32(descriptor) >> 8))
        {
            throw Damaged("its frame descriptor's checksum does not hold");
        }

        int written = 0;
        while (true)
        {
            uint header = BinaryPrimitives.ReadUInt32LittleEndian(reader.Take(4));
            if (header == 0)
            {
                break;
            }

            int length = (int)(header & 0x7FFF_FFFF);
            if (length > maxBlock)
            {
                throw Damaged($"a block claims {length:N0} bytes, more than the frame's {maxBlock:N0}-byte blocks");
            }

            var block = reader.Take(length);
            if (blockChecksums && BinaryPrimitives.ReadUInt32LittleEndian(reader.Take(4)) != XxHash32.HashToUInt32(block))
            {
                throw Damaged("a block's checksum does not hold");
            }

            written += (header & 0x8000_0000) != 0
                ? Stored(block, destination, written)
                : Compressed(block, destination, written, maxBlock, independent);
        }

        if (contentChecksum && BinaryPrimitives.ReadUInt32LittleEndian(reader.Take(4)) != XxHash32.HashToUInt32(destination[..written]))
        {
            throw Damaged("its content checksum does not hold");
        }

        if (written != destination.Length)
        {
            throw new SaveCorruptedException($"The LZ4 payload ends after {written:N0} bytes; the header says {destination.Length:N0}.");
        }

        if (reader.Remaining > 0)
        {
            throw new SaveCorruptedException($"The LZ4 payload has {reader.Remaining:N0} bytes after its frame.");
        }
    }

    private static int Stored(ReadOnlySpan<byte> block, Span<byte> destination, int written)
    {
        if (block.Length > destination.Length - written)
        {
            throw TooMuch(destination.Length);
        }

        block.CopyTo(destination[written..]);
        return block.Length;
    }

    private static int Compressed(ReadOnlySpan<byte> block, Span<byte> destination, int written, int maxBlock, bool independent)
    {
        var target = destination.Slice(written, Math.Min(maxBlock, destination.Length - written));
        var window = independent ? [] : destination[Math.Max(0, written - LinkedWindow)..written];
        int decoded = LZ4Codec.Decode(block, target, window);
        if (decoded >= 0)
        {
            return decoded;
        }

        // A block that fills all the room left and wants more holds more than the header says; any other failure is damage.
        bool cutByTheEnd = target.Length < maxBlock && LZ4Codec.PartialDecode(block, target) == target.Length;
        throw cutByTheEnd ? TooMuch(destination.Length) : Damaged("a block does not decode");
    }

    private static SaveCorruptedException TooMuch(int decodedLength) =>
        new($"The LZ4 payload holds more than the {decodedLength:N0} bytes the header says.");

    private static SaveCorruptedException Damaged(string why) =>
        new($"The LZ4 payload is damaged: {why}.");

    /// <summary>The frame's bytes in order; running out of them is damage, not an exception of the runtime's.</summary>
    private ref struct FrameReader(ReadOnlySpan<byte> frame, int position)
    {
        private readonly ReadOnlySpan<byte> _frame = frame;
        private int _position = position;

        public readonly int Remaining => _frame.Length - _position;

        public ReadOnlySpan<byte> Take(int length)
        {
            if (length > Remaining)
            {
                throw Damaged("it is cut short");
            }

            var taken = _frame.Slice(_position, length);
            _position += length;
            return taken;
        }
    }
}

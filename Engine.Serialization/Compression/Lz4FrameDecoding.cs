using System.Buffers.Binary;
using System.IO.Hashing;
using Engine.Serialization.Errors;
using Engine.Serialization.IO;
using K4os.Compression.LZ4;

namespace Engine.Serialization.Compression;

/// <summary>
/// Decodes an LZ4 frame (frame format 1.6) straight into the payload's buffer, block by block with K4os's safe block
/// decoder, a block linked to the ones before it reading them where they already are: no frame stream, no block
/// buffer. Every length is checked here before K4os sees it, and everything the frame format lets a writer add (block
/// and content checksums, a content size) is read and checked or, for the size, left aside: the header's decoded
/// length is the one believed, and only as an upper bound. The buffer starts at what the stored bytes can plausibly
/// hold (<see cref="FirstExpansion"/> times them) and grows <see cref="Growth"/> times, within the load's budget, only as
/// the frame really yields bytes: a small file that claims a large payload gets no large buffer until it has decoded to
/// a quarter of that size.
/// </summary>
internal static class Lz4FrameDecoding
{
    /// <summary>
    /// The stored bytes' first multiple the buffer starts at: saves compress 3 to 16 times (a Large XML game 15.4 times),
    /// so the buffer of a real save is allocated once, at its size; LZ4 itself can expand 255 times.
    /// </summary>
    public const int FirstExpansion = 16;

    /// <summary>How many times a full buffer grows: four wastes less, all buffers counted, than doubling would (a third of the last).</summary>
    public const int Growth = 4;

    private const uint Magic = 0x184D2204;
    private const int LinkedWindow = 64 * 1024;

    /// <summary>
    /// The payload <paramref name="frame"/> holds, which must be exactly one frame that decodes to exactly
    /// <paramref name="decodedLength"/> bytes.
    /// </summary>
    public static byte[] Decode(ReadOnlySpan<byte> frame, int decodedLength)
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

        var destination = new GrowingBuffer(decodedLength, FirstLength(frame.Length, decodedLength));
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

            var room = destination.Room(written, maxBlock);
            written += (header & 0x8000_0000) != 0
                ? Stored(block, room, decodedLength)
                : Compressed(block, room, destination.Window(written, independent), maxBlock, decodedLength);
        }

        var decoded = destination.Filled(written);
        if (contentChecksum && BinaryPrimitives.ReadUInt32LittleEndian(reader.Take(4)) != XxHash32.HashToUInt32(decoded))
        {
            throw Damaged("its content checksum does not hold");
        }

        if (written != decodedLength)
        {
            throw new SaveCorruptedException($"The LZ4 payload ends after {written:N0} bytes; the header says {decodedLength:N0}.");
        }

        if (reader.Remaining > 0)
        {
            throw new SaveCorruptedException($"The LZ4 payload has {reader.Remaining:N0} bytes after its frame.");
        }

        return destination.Array;
    }

    /// <summary>
    /// The bytes the buffers of a frame of <paramref name="storedLength"/> bytes decoding to <paramref name="decodedLength"/>
    /// take in all, every buffer it grows through counted: what its load's budget must hold (writers check it).
    /// </summary>
    public static long BufferBytes(long storedLength, int decodedLength)
    {
        long total = 0;
        for (long length = FirstLength(storedLength, decodedLength); ; length = Math.Min(decodedLength, length * Growth))
        {
            total += length;
            if (length == decodedLength)
            {
                return total;
            }
        }
    }

    private static int FirstLength(long storedLength, int decodedLength) =>
        (int)Math.Min(decodedLength, Math.Max(LinkedWindow, storedLength * FirstExpansion));

    private static int Stored(ReadOnlySpan<byte> block, Span<byte> room, int decodedLength)
    {
        if (block.Length > room.Length)
        {
            throw TooMuch(decodedLength);
        }

        block.CopyTo(room);
        return block.Length;
    }

    private static int Compressed(ReadOnlySpan<byte> block, Span<byte> room, ReadOnlySpan<byte> window, int maxBlock, int decodedLength)
    {
        int decoded = LZ4Codec.Decode(block, room, window);
        if (decoded >= 0)
        {
            return decoded;
        }

        // A block that fills all the room left and wants more holds more than the header says; any other failure is damage.
        bool cutByTheEnd = room.Length < maxBlock && LZ4Codec.PartialDecode(block, room) == room.Length;
        throw cutByTheEnd ? TooMuch(decodedLength) : Damaged("a block does not decode");
    }

    private static SaveCorruptedException TooMuch(int decodedLength) =>
        new($"The LZ4 payload holds more than the {decodedLength:N0} bytes the header says.");

    private static SaveCorruptedException Damaged(string why) =>
        new($"The LZ4 payload is damaged: {why}.");

    /// <summary>
    /// The payload's buffer, grown (<see cref="Growth"/> times, never past the decoded length, as <see cref="BufferBytes"/>
    /// counts) as blocks need room, each growth reserved in the load's budget before it is allocated. Its pages are mapped in one call (<see cref="FreshMemory"/>): every byte
    /// of it is written before it is read.
    /// </summary>
    private struct GrowingBuffer(int decodedLength, int firstLength)
    {
        public byte[] Array { get; private set; } = Allocate(firstLength);

        /// <summary>Where the next block goes: as much as one block can yield, or what the decoded length leaves.</summary>
        public Span<byte> Room(int written, int maxBlock)
        {
            int wanted = Math.Min(maxBlock, decodedLength - written);
            if (Array.Length - written < wanted)
            {
                long length = Array.Length;
                while (length < written + (long)wanted)
                {
                    length *= Growth; // one of the lengths BufferBytes counts
                }

                var grown = Allocate((int)Math.Min(decodedLength, length));
                Array.AsSpan(0, written).CopyTo(grown);
                Array = grown;
            }

            return Array.AsSpan(written, wanted);
        }

        /// <summary>What a linked block may refer back to: the last 64 KiB decoded.</summary>
        public readonly ReadOnlySpan<byte> Window(int written, bool independent) =>
            independent ? [] : Array.AsSpan(Math.Max(0, written - LinkedWindow), Math.Min(written, LinkedWindow));

        public readonly ReadOnlySpan<byte> Filled(int written) => Array.AsSpan(0, written);

        private static byte[] Allocate(int length)
        {
            LoadBudget.Reserve(length);
            return FreshMemory.Array<byte>(length);
        }
    }

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

using System.Buffers;
using System.Buffers.Binary;
using System.IO.Hashing;
using System.Runtime.InteropServices;

namespace Engine.Serialization.Container;

/// <summary>
/// The payload checksum of the header, as each container version defines it (docs/FORMAT.md). Versions 1 and 2: the
/// XXH3-64 of the stored payload. Version 3: the XXH3-64 of the XXH3-64s of its 64 KiB chunks in turn (little-endian
/// uint64s; the last chunk may be shorter, an empty payload has none), so that a writer that changed a few chunks
/// of a large save hashes only those again (<see cref="Snapshots.SaveImage"/>). A reader's cost is the same either way:
/// every payload byte hashed once.
/// </summary>
internal static class PayloadChecksum
{
    public const int ChunkSize = 1 << 16;

    /// <summary>The first container version whose payload checksum is made of chunk checksums.</summary>
    public const ushort ChunkedFromVersion = 3;

    public static ulong Of(ReadOnlySpan<byte> payload, ushort containerVersion)
    {
        if (containerVersion < ChunkedFromVersion)
        {
            return XxHash3.HashToUInt64(payload);
        }

        var count = ChunkCount(payload.Length);
        var rented = ArrayPool<ulong>.Shared.Rent(Math.Max(count, 1));
        try
        {
            var chunks = rented.AsSpan(0, count);
            for (var i = 0; i < count; i++)
            {
                chunks[i] = OfChunk(payload, i);
            }

            return Combine(chunks);
        }
        finally
        {
            ArrayPool<ulong>.Shared.Return(rented);
        }
    }

    public static int ChunkCount(int payloadLength) => (int)(((long)payloadLength + ChunkSize - 1) / ChunkSize);

    /// <summary>The checksum of chunk <paramref name="chunk"/> of <paramref name="payload"/>.</summary>
    public static ulong OfChunk(ReadOnlySpan<byte> payload, int chunk)
    {
        var start = chunk * ChunkSize;
        return XxHash3.HashToUInt64(payload.Slice(start, Math.Min(ChunkSize, payload.Length - start)));
    }

    /// <summary>The payload checksum made of its chunks' checksums, in order.</summary>
    public static ulong Combine(Span<ulong> chunks)
    {
        if (!BitConverter.IsLittleEndian)
        {
            BinaryPrimitives.ReverseEndianness(chunks, chunks);
        }

        var checksum = XxHash3.HashToUInt64(MemoryMarshal.AsBytes(chunks));
        if (!BitConverter.IsLittleEndian)
        {
            BinaryPrimitives.ReverseEndianness(chunks, chunks);
        }

        return checksum;
    }
}

using System.Buffers.Binary;
using System.IO.Hashing;

namespace Engine.Testing;

/// <summary>
/// A save file's payload checksum computed as docs/FORMAT.md defines it, apart from the engine's own code: what tests
/// that forge or edit save files write, and what they check the engine's files against.
/// </summary>
public static class SaveFileChecksums
{
    private const int ChunkSize = 65_536;

    /// <summary>Container versions 1 and 2: XXH3-64 of the payload. Version 3 on: XXH3-64 of its 64 KiB chunks' XXH3-64s, little-endian.</summary>
    public static ulong Payload(ReadOnlySpan<byte> payload, int containerVersion)
    {
        if (containerVersion < 3)
        {
            return XxHash3.HashToUInt64(payload);
        }

        var chunks = new byte[(payload.Length + ChunkSize - 1) / ChunkSize * sizeof(ulong)];
        for (int chunk = 0, start = 0; start < payload.Length; chunk++, start += ChunkSize)
        {
            var hash = XxHash3.HashToUInt64(payload.Slice(start, Math.Min(ChunkSize, payload.Length - start)));
            BinaryPrimitives.WriteUInt64LittleEndian(chunks.AsSpan(chunk * sizeof(ulong)), hash);
        }

        return XxHash3.HashToUInt64(chunks);
    }

    /// <summary><see cref="Payload"/> for the container version a file's header names (offset 8).</summary>
    public static ulong PayloadOf(ReadOnlySpan<byte> file, ReadOnlySpan<byte> payload) =>
        Payload(payload, BinaryPrimitives.ReadUInt16LittleEndian(file[8..]));
}

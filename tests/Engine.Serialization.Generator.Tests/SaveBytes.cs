using System.Buffers.Binary;
using System.IO.Hashing;

namespace Engine.Serialization.Generator.Tests;

/// <summary>Edits an uncompressed save's payload as docs/FORMAT.md describes the file, as a save editor would.</summary>
internal static class SaveBytes
{
    private const int HeaderSize = 52;

    /// <summary>A copy of <paramref name="save"/> with the first <paramref name="find"/> in its payload replaced by as many bytes, checksums rewritten.</summary>
    public static byte[] ReplaceInPayload(byte[] save, ReadOnlySpan<byte> find, ReadOnlySpan<byte> replacement)
    {
        Assert.Equal(find.Length, replacement.Length);
        byte[] file = [.. save];
        int payloadStart = HeaderSize + BinaryPrimitives.ReadInt32LittleEndian(file.AsSpan(16));
        var payload = file.AsSpan(payloadStart);
        int at = payload.IndexOf(find);
        Assert.True(at >= 0, "the payload does not hold the bytes to replace");
        replacement.CopyTo(payload[at..]);
        BinaryPrimitives.WriteUInt64LittleEndian(file.AsSpan(36), Engine.Testing.SaveFileChecksums.PayloadOf(file, payload));
        BinaryPrimitives.WriteUInt32LittleEndian(file.AsSpan(48), Crc32.HashToUInt32(file.AsSpan(0, 48)));
        return file;
    }
}

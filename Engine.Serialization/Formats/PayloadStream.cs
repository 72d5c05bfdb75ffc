using System.Runtime.InteropServices;

namespace Engine.Serialization.Formats;

/// <summary>A payload as a read-only stream, for decoders that read streams; the bytes are wrapped, not copied, when they can be.</summary>
internal static class PayloadStream
{
    public static MemoryStream Over(ReadOnlyMemory<byte> payload)
    {
        var array = MemoryMarshal.TryGetArray(payload, out var segment) ? segment : new ArraySegment<byte>(payload.ToArray());
        return new MemoryStream(array.Array!, array.Offset, array.Count, writable: false);
    }
}

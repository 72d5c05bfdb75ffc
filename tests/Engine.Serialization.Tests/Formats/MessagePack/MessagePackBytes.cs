using System.Buffers;
using MessagePack;

namespace Engine.Serialization.Tests.Formats.MessagePack;

/// <summary>The bytes a MessagePackWriter writes, for tests that hold a reader or a bulk path to MessagePack's own encoding.</summary>
internal static class MessagePackBytes
{
    public delegate void Writing(ref MessagePackWriter writer);

    public static byte[] Of(Writing write)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new MessagePackWriter(buffer);
        write(ref writer);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }
}

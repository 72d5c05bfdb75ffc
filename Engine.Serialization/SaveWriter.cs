using System.Buffers;
using Engine.Core.Model;
using Engine.Serialization.Compression;
using Engine.Serialization.Container;
using Engine.Serialization.Formats;

namespace Engine.Serialization;

/// <summary>The one save path: format -> compression -> container.</summary>
internal static class SaveWriter
{
    public static void Write(IBufferWriter<byte> output, GameContent content, SaveMetadata metadata, SaveOptions options)
    {
        ArgumentNullException.ThrowIfNull(output);
        var payload = new ArrayBufferWriter<byte>();
        SaveFormats.Get(options.Format).Write(payload, content);
        var stored = payload;
        if (options.Compression != SaveCompression.None)
        {
            stored = new ArrayBufferWriter<byte>(Math.Max(1, payload.WrittenCount / 2));
            PayloadCompression.Compress(options.Compression, payload.WrittenSpan, stored, options.Lz4Level);
        }

        SaveContainer.Write(output, options.Format, options.Compression, content.SchemaVersion, metadata, stored.WrittenSpan, payload.WrittenCount);
    }
}

using System.Buffers;
using Engine.Core.Model;
using Engine.Serialization.Compression;
using Engine.Serialization.Container;
using Engine.Serialization.Formats;
using Engine.Serialization.IO;

namespace Engine.Serialization;

/// <summary>The one save path: format -> compression -> container.</summary>
internal static class SaveWriter
{
    public static void Write(IBufferWriter<byte> output, GameContent content, SaveMetadata metadata, SaveOptions options)
    {
        ArgumentNullException.ThrowIfNull(output);
        using var payload = new PooledBufferWriter();
        SaveFormats.Get(options.Format).Write(payload, content);
        if (options.Compression == SaveCompression.None)
        {
            SaveContainer.Write(output, options.Format, options.Compression, content.SchemaVersion, metadata, payload.WrittenSpan, payload.WrittenCount);
            return;
        }

        using var stored = new PooledBufferWriter(payload.WrittenCount / 2);
        PayloadCompression.Compress(options.Compression, payload.WrittenSpan, stored, options.Lz4Level);
        SaveContainer.Write(output, options.Format, options.Compression, content.SchemaVersion, metadata, stored.WrittenSpan, payload.WrittenCount);
    }

    /// <summary>The whole save file in a pooled buffer, which the caller disposes once it has copied or written it.</summary>
    public static PooledBufferWriter Encode(GameContent content, SaveMetadata metadata, SaveOptions options)
    {
        var file = new PooledBufferWriter();
        try
        {
            Write(file, content, metadata, options);
            return file;
        }
        catch
        {
            file.Dispose();
            throw;
        }
    }
}

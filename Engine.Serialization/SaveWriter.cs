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
    /// <summary>Writes one save file; without metadata or options, the content's own metadata stamped now, and the defaults.</summary>
    public static void Write(IBufferWriter<byte> output, GameContent content, SaveMetadata? metadata, SaveOptions? options)
    {
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(content);
        metadata ??= SaveMetadata.For(content);
        options ??= SaveOptions.Default;

        using var payload = new PooledBufferWriter();
        SaveFormats.Get(options.Format).Write(payload, content);
        using var compressed = options.Compression == SaveCompression.None ? null : new PooledBufferWriter(payload.WrittenCount / 2);
        if (compressed is not null)
        {
            PayloadCompression.Compress(options.Compression, payload.WrittenSpan, compressed, options.Lz4Level);
        }

        var stored = compressed is null ? payload.WrittenSpan : compressed.WrittenSpan;
        SaveContainer.Write(output, options.Format, options.Compression, content.SchemaVersion, metadata, stored, payload.WrittenCount);
    }

    /// <summary>The whole save file in a pooled buffer, which the caller disposes once it has copied or written it.</summary>
    public static PooledBufferWriter Encode(GameContent content, SaveMetadata? metadata, SaveOptions? options)
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

using System.Buffers;
using Engine.Serialization.Compression;
using Engine.Serialization.Container;
using Engine.Serialization.Formats;
using Engine.Serialization.IO;
using Engine.Serialization.Models;

namespace Engine.Serialization;

/// <summary>The one save path: model -> format -> compression -> container.</summary>
internal static class SaveWriter
{
    /// <summary>Writes one save file; without metadata or options, the content's own metadata stamped now, and the defaults.</summary>
    public static void Write<T>(IBufferWriter<byte> output, T content, SaveMetadata? metadata, SaveOptions? options)
    {
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(content);
        var codec = SaveModels.Get<T>();
        options ??= SaveOptions.Default;
        metadata = (metadata ?? SaveMetadata.For(content)).With(codec.ModelId, options.GameId);

        using var payload = new PooledBufferWriter();
        SaveFormats.Get(options.Format, codec).Write(payload, content);
        using var compressed = options.Compression == SaveCompression.None ? null : new PooledBufferWriter(payload.WrittenCount / 2);
        if (compressed is not null)
        {
            PayloadCompression.Compress(options.Compression, payload.WrittenSpan, compressed, options.Lz4Level);
        }

        var stored = compressed is null ? payload.WrittenSpan : compressed.WrittenSpan;
        SaveContainer.Write(output, options.Format, options.Compression, codec.SchemaVersion, metadata, stored, payload.WrittenCount);
    }

    /// <summary>The whole save file in a pooled buffer, which the caller disposes once it has copied or written it.</summary>
    public static PooledBufferWriter Encode<T>(T content, SaveMetadata? metadata, SaveOptions? options)
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

using System.Buffers;
using Engine.Serialization.Compression;
using Engine.Serialization.Container;
using Engine.Serialization.Errors;
using Engine.Serialization.Formats;
using Engine.Serialization.IO;
using Engine.Serialization.Internal;
using Engine.Serialization.Models;

namespace Engine.Serialization;

/// <summary>The one save path: model -> format -> compression -> container -> buffer, stream or file.</summary>
internal static class SaveWriter
{
    /// <summary>Writes one save file; without metadata or options, the content's own metadata stamped now, and the defaults.</summary>
    public static void Write<T>(IBufferWriter<byte> output, T content, SaveMetadata? metadata, SaveOptions? options)
    {
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(content);
        var codec = SaveModels.Get<T>();
        if (codec.SchemaVersionOf(content) is { } own && own != codec.SchemaVersion)
        {
            throw new SaveEncodingException(
                $"The game's SchemaVersion says {own}, but this build saves {typeof(T).Name} as schema {codec.SchemaVersion}, so the save could never "
                + $"be loaded: nothing was written. Leave SchemaVersion at {codec.SchemaVersion} (raise it only with [SaveModel(SchemaVersion = ...)]).");
        }

        options ??= SaveOptions.Default;
        try
        {
            metadata = SaveMetadata.For(content, metadata).Stamped(codec.ModelId, options.GameId);

            using var payload = new PooledBufferWriter();
            SaveFormats.Get(options.Format, codec).Write(payload, content);
            using var compressed = options.Compression == SaveCompression.None ? null : new PooledBufferWriter(payload.WrittenCount / 2);
            if (compressed is not null)
            {
                PayloadCompression.Compress(options.Compression, payload.WrittenSpan, compressed, options.Lz4Level);
            }

            var stored = compressed is null ? payload.WrittenSpan : compressed.WrittenSpan;
            SaveContainer.Write(output, options.Format, options.Compression, codec.SchemaVersion, metadata, stored, payload.WrittenCount, options.LoadedWith);
        }
        catch (Exception e) when (CodecSupport.NestingRefusalIn(e) is { } refusal)
        {
            // Here, not in the filter: the walk that refused has left its levels only once the stack has unwound.
            throw CodecSupport.CycleRefusal(codec, content, e) ?? refusal;
        }
        catch (Exception e) when (CodecSupport.IsGameCodeFailure(e))
        {
            throw CodecSupport.GameCodeFailed(e);
        }
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

    public static byte[] ToArray<T>(T content, SaveMetadata? metadata, SaveOptions? options)
    {
        using var file = Encode(content, metadata, options);
        return file.WrittenSpan.ToArray();
    }

    public static void Write<T>(Stream stream, T content, SaveMetadata? metadata, SaveOptions? options)
    {
        ArgumentNullException.ThrowIfNull(stream);
        using var file = Encode(content, metadata, options);
        try
        {
            stream.Write(file.WrittenSpan);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw StreamRefused(e);
        }
    }

    /// <summary>Encodes before the first await, so the game may change the content as soon as this returns.</summary>
    public static Task WriteAsync<T>(Stream stream, T content, SaveMetadata? metadata, SaveOptions? options, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(stream);
        var file = Encode(content, metadata, options);
        return WriteAndRelease(stream, file, cancellationToken);
    }

    /// <summary>Writes a file whole or not at all (temp file, flush, rename), so a failed save leaves the old one.</summary>
    public static void WriteFile<T>(string path, T content, SaveMetadata? metadata, SaveOptions? options)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        using var file = Encode(content, metadata, options);
        AtomicFile.Write(path, file.WrittenSpan);
    }

    public static Task WriteFileAsync<T>(string path, T content, SaveMetadata? metadata, SaveOptions? options, CancellationToken cancellationToken)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        var file = Encode(content, metadata, options);
        return WriteFileAndRelease(path, file, cancellationToken);
    }

    private static async Task WriteAndRelease(Stream stream, PooledBufferWriter file, CancellationToken cancellationToken)
    {
        using (file)
        {
            try
            {
                await stream.WriteAsync(file.WrittenMemory, cancellationToken).ConfigureAwait(false);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                throw StreamRefused(e);
            }
        }
    }

    /// <summary>The game's own stream failed while the save was written to it: the save system's exception, saying so.</summary>
    private static SaveIOException StreamRefused(Exception e) =>
        new($"The save could not be written: the stream refused it ({e.Message}), so what it holds is not a whole save.", innerException: e);

    private static async Task WriteFileAndRelease(string path, PooledBufferWriter file, CancellationToken cancellationToken)
    {
        using (file)
        {
            await AtomicFile.WriteAsync(path, file.WrittenMemory, cancellationToken).ConfigureAwait(false);
        }
    }
}

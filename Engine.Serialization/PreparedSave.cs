using System.Buffers;
using Engine.Core.Model;
using Engine.Serialization.Compression;
using Engine.Serialization.Container;
using Engine.Serialization.Formats;

namespace Engine.Serialization;

/// <summary>
/// A game encoded in its format but not yet compressed or framed: a snapshot that no longer
/// depends on the live <see cref="GameContent"/>, so the game can keep changing while
/// <see cref="WriteTo"/> (compression and container) runs on another thread.
/// </summary>
public sealed class PreparedSave
{
    private readonly ArrayBufferWriter<byte> _payload;

    private PreparedSave(ArrayBufferWriter<byte> payload, int schemaVersion, SaveMetadata metadata, SaveOptions options)
    {
        _payload = payload;
        SchemaVersion = schemaVersion;
        Metadata = metadata;
        Options = options;
    }

    public int SchemaVersion { get; }

    public SaveMetadata Metadata { get; }

    public SaveOptions Options { get; }

    /// <summary>The encoded, uncompressed payload's size in bytes.</summary>
    public int PayloadLength => _payload.WrittenCount;

    /// <summary>Encodes <paramref name="content"/> now, on the calling thread.</summary>
    public static PreparedSave Prepare(GameContent content, SaveMetadata? metadata = null, SaveOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(content);
        options ??= SaveOptions.Default;
        var payload = new ArrayBufferWriter<byte>();
        SaveFormats.Get(options.Format).Write(payload, content);
        return new PreparedSave(payload, content.SchemaVersion, metadata ?? SaveMetadata.For(content), options);
    }

    /// <summary>Compresses the payload and writes the whole save file; safe to call from any thread, more than once.</summary>
    public void WriteTo(IBufferWriter<byte> output)
    {
        ArgumentNullException.ThrowIfNull(output);
        var stored = _payload;
        if (Options.Compression != SaveCompression.None)
        {
            stored = new ArrayBufferWriter<byte>(Math.Max(1, _payload.WrittenCount / 2));
            PayloadCompression.Compress(Options.Compression, _payload.WrittenSpan, stored, Options.Lz4Level);
        }

        SaveContainer.Write(output, Options.Format, Options.Compression, SchemaVersion, Metadata, stored.WrittenSpan, _payload.WrittenCount);
    }

    /// <summary>The whole save file as bytes.</summary>
    public ArrayBufferWriter<byte> ToBuffer()
    {
        var buffer = new ArrayBufferWriter<byte>();
        WriteTo(buffer);
        return buffer;
    }
}

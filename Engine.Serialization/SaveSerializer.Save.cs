using System.Buffers;
using Engine.Core.Model;
using Engine.Serialization.Formats;
using Engine.Serialization.IO;

namespace Engine.Serialization;

/// <summary>
/// Saves and loads a whole <see cref="GameContent"/>. Every failure arrives as a
/// <see cref="Errors.SaveException"/>.
/// </summary>
public static partial class SaveSerializer
{
    public static void Save(IBufferWriter<byte> output, GameContent content, SaveOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(content);
        SaveFormats.Get((options ?? SaveOptions.Default).Format).Write(output, content);
    }

    public static byte[] Save(GameContent content, SaveOptions? options = null)
    {
        var buffer = new ArrayBufferWriter<byte>();
        Save(buffer, content, options);
        return buffer.WrittenSpan.ToArray();
    }

    public static void Save(Stream stream, GameContent content, SaveOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(stream);
        var buffer = new ArrayBufferWriter<byte>();
        Save(buffer, content, options);
        stream.Write(buffer.WrittenSpan);
    }

    public static async Task SaveAsync(Stream stream, GameContent content, SaveOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(stream);
        var buffer = new ArrayBufferWriter<byte>();
        Save(buffer, content, options);
        await stream.WriteAsync(buffer.WrittenMemory, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Saves to a file; the file is replaced whole or not at all, so a failed save leaves the old one.</summary>
    public static void SaveToFile(string path, GameContent content, SaveOptions? options = null)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        var buffer = new ArrayBufferWriter<byte>();
        Save(buffer, content, options);
        AtomicFile.Write(path, buffer.WrittenSpan);
    }

    /// <inheritdoc cref="SaveToFile"/>
    public static async Task SaveToFileAsync(string path, GameContent content, SaveOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        var buffer = new ArrayBufferWriter<byte>();
        Save(buffer, content, options);
        await AtomicFile.WriteAsync(path, buffer.WrittenMemory, cancellationToken).ConfigureAwait(false);
    }
}

using System.Buffers;
using Engine.Core.Model;
using Engine.Serialization.Container;
using Engine.Serialization.IO;

namespace Engine.Serialization;

/// <summary>
/// Saves and loads a whole <see cref="GameContent"/> as a save file (docs/FORMAT.md):
/// format -> compression -> container. Every failure arrives as a <see cref="Errors.SaveException"/>.
/// </summary>
public static partial class SaveSerializer
{
    /// <summary>
    /// Writes one save file. <paramref name="metadata"/> is what a slot list shows; by default it is
    /// taken from the content and stamped with the current time.
    /// </summary>
    public static void Save(IBufferWriter<byte> output, GameContent content, SaveMetadata? metadata = null, SaveOptions? options = null) =>
        SaveWriter.Write(output, content, metadata, options);

    public static byte[] Save(GameContent content, SaveMetadata? metadata = null, SaveOptions? options = null)
    {
        using var file = Encode(content, metadata, options);
        return file.WrittenSpan.ToArray();
    }

    public static void Save(Stream stream, GameContent content, SaveMetadata? metadata = null, SaveOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(stream);
        using var file = Encode(content, metadata, options);
        stream.Write(file.WrittenSpan);
    }

    public static async Task SaveAsync(Stream stream, GameContent content, SaveMetadata? metadata = null, SaveOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(stream);
        using var file = Encode(content, metadata, options);
        await stream.WriteAsync(file.WrittenMemory, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Saves to a file; the file is replaced whole or not at all, so a failed save leaves the old one.</summary>
    public static void SaveToFile(string path, GameContent content, SaveMetadata? metadata = null, SaveOptions? options = null)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        using var file = Encode(content, metadata, options);
        AtomicFile.Write(path, file.WrittenSpan);
    }

    /// <inheritdoc cref="SaveToFile"/>
    public static async Task SaveToFileAsync(string path, GameContent content, SaveMetadata? metadata = null, SaveOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        using var file = Encode(content, metadata, options);
        await AtomicFile.WriteAsync(path, file.WrittenMemory, cancellationToken).ConfigureAwait(false);
    }

    private static PooledBufferWriter Encode(GameContent content, SaveMetadata? metadata, SaveOptions? options) =>
        SaveWriter.Encode(content, metadata, options);
}

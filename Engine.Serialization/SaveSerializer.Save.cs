using System.Buffers;
using Engine.Serialization.Container;
using Engine.Serialization.IO;

namespace Engine.Serialization;

/// <summary>
/// Saves and loads a whole model (any <see cref="SaveModelAttribute"/> root) as a save file (docs/FORMAT.md):
/// model -> format -> compression -> container. Every failure arrives as a <see cref="Errors.SaveException"/>.
/// </summary>
public static partial class SaveSerializer
{
    /// <summary>
    /// Writes one save file. <paramref name="metadata"/> is what a slot list shows; by default it is
    /// taken from the content (<see cref="Models.ISaveMetadataSource"/>) and stamped with the current time.
    /// </summary>
    public static void Save<T>(IBufferWriter<byte> output, T content, SaveMetadata? metadata = null, SaveOptions? options = null) =>
        SaveWriter.Write(output, content, metadata, options);

    public static byte[] Save<T>(T content, SaveMetadata? metadata = null, SaveOptions? options = null)
    {
        using var file = SaveWriter.Encode(content, metadata, options);
        return file.WrittenSpan.ToArray();
    }

    public static void Save<T>(Stream stream, T content, SaveMetadata? metadata = null, SaveOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(stream);
        using var file = SaveWriter.Encode(content, metadata, options);
        stream.Write(file.WrittenSpan);
    }

    public static async Task SaveAsync<T>(Stream stream, T content, SaveMetadata? metadata = null, SaveOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(stream);
        using var file = SaveWriter.Encode(content, metadata, options);
        await stream.WriteAsync(file.WrittenMemory, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Saves to a file; the file is replaced whole or not at all, so a failed save leaves the old one.</summary>
    public static void SaveToFile<T>(string path, T content, SaveMetadata? metadata = null, SaveOptions? options = null)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        using var file = SaveWriter.Encode(content, metadata, options);
        AtomicFile.Write(path, file.WrittenSpan);
    }

    /// <inheritdoc cref="SaveToFile"/>
    public static async Task SaveToFileAsync<T>(string path, T content, SaveMetadata? metadata = null, SaveOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        using var file = SaveWriter.Encode(content, metadata, options);
        await AtomicFile.WriteAsync(path, file.WrittenMemory, cancellationToken).ConfigureAwait(false);
    }
}

using System.Buffers;
using Engine.Serialization.Container;

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

    public static byte[] Save<T>(T content, SaveMetadata? metadata = null, SaveOptions? options = null) =>
        SaveWriter.ToArray(content, metadata, options);

    public static void Save<T>(Stream stream, T content, SaveMetadata? metadata = null, SaveOptions? options = null) =>
        SaveWriter.Write(stream, content, metadata, options);

    /// <summary>Encodes the game before returning (so the game may change it right away), then writes the stream.</summary>
    public static Task SaveAsync<T>(Stream stream, T content, SaveMetadata? metadata = null, SaveOptions? options = null, CancellationToken cancellationToken = default) =>
        SaveWriter.WriteAsync(stream, content, metadata, options, cancellationToken);

    /// <summary>Saves to a file; the file is replaced whole or not at all, so a failed save leaves the old one.</summary>
    public static void SaveToFile<T>(string path, T content, SaveMetadata? metadata = null, SaveOptions? options = null) =>
        SaveWriter.WriteFile(path, content, metadata, options);

    /// <inheritdoc cref="SaveToFile"/>
    public static Task SaveToFileAsync<T>(string path, T content, SaveMetadata? metadata = null, SaveOptions? options = null, CancellationToken cancellationToken = default) =>
        SaveWriter.WriteFileAsync(path, content, metadata, options, cancellationToken);
}

using Engine.Core.Model;
using Engine.Serialization.Errors;
using Engine.Serialization.Formats;
using Engine.Serialization.IO;

namespace Engine.Serialization;

public static partial class SaveSerializer
{
    public static GameContent Load(ReadOnlyMemory<byte> data, SaveOptions? options = null) =>
        SaveFormats.Get((options ?? SaveOptions.Default).Format).Read(data);

    public static GameContent Load(Stream stream, SaveOptions? options = null) =>
        Load(StreamReading.ReadAll(stream), options);

    public static async Task<GameContent> LoadAsync(Stream stream, SaveOptions? options = null, CancellationToken cancellationToken = default) =>
        Load(await StreamReading.ReadAllAsync(stream, cancellationToken).ConfigureAwait(false), options);

    public static GameContent LoadFromFile(string path, SaveOptions? options = null)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        try
        {
            return Load(File.ReadAllBytes(path), options);
        }
        catch (Exception e) when (NamesFile(e, path) is { } named)
        {
            throw named;
        }
    }

    public static async Task<GameContent> LoadFromFileAsync(string path, SaveOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        try
        {
            return Load(await File.ReadAllBytesAsync(path, cancellationToken).ConfigureAwait(false), options);
        }
        catch (Exception e) when (NamesFile(e, path) is { } named)
        {
            throw named;
        }
    }

    /// <summary>The exception to throw instead of <paramref name="e"/> so that it names the file; null to let it pass.</summary>
    private static SaveException? NamesFile(Exception e, string path) => e switch
    {
        SaveCorruptedException { FilePath: null } c => new SaveCorruptedException(c.Message, path, c.InnerException),
        IOException or UnauthorizedAccessException => new SaveIOException($"The save could not be read ({e.Message}).", path, e),
        _ => null,
    };
}

using Engine.Serialization.Errors;

namespace Engine.Serialization.IO;

/// <summary>
/// Replaces a file so that a reader (or a crash) sees either the old bytes or the new ones, never
/// a mix: write a temp file in the same folder, flush it to disk, then rename it over the target.
/// </summary>
internal static class AtomicFile
{
    private const string TempSuffix = ".tmp";

    public static void Write(string path, ReadOnlySpan<byte> data)
    {
        string temp = TempPathFor(path);
        try
        {
            using (var stream = CreateTemp(temp))
            {
                stream.Write(data);
                stream.Flush(flushToDisk: true);
            }

            File.Move(temp, path, overwrite: true);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            DeleteQuietly(temp);
            throw new SaveIOException($"The save could not be written ({e.Message}); any earlier save is untouched.", path, e);
        }
    }

    public static async Task WriteAsync(string path, ReadOnlyMemory<byte> data, CancellationToken cancellationToken)
    {
        string temp = TempPathFor(path);
        try
        {
            await using (var stream = CreateTemp(temp))
            {
                await stream.WriteAsync(data, cancellationToken).ConfigureAwait(false);
                stream.Flush(flushToDisk: true);
            }

            File.Move(temp, path, overwrite: true);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or OperationCanceledException)
        {
            DeleteQuietly(temp);
            if (e is OperationCanceledException)
            {
                throw;
            }

            throw new SaveIOException($"The save could not be written ({e.Message}); any earlier save is untouched.", path, e);
        }
    }

    private static string TempPathFor(string path)
    {
        string fullPath = Path.GetFullPath(path);
        string folder = Path.GetDirectoryName(fullPath) ?? throw new ArgumentException("The save path has no folder.", nameof(path));
        return Path.Combine(folder, $".{Path.GetFileName(fullPath)}.{Guid.NewGuid():N}{TempSuffix}");
    }

    private static FileStream CreateTemp(string temp) =>
        new(temp, FileMode.CreateNew, FileAccess.Write, FileShare.None, bufferSize: 1, FileOptions.None);

    private static void DeleteQuietly(string path)
    {
        try
        {
            File.Delete(path);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // The temp file is named so that loads ignore it; a later save's cleanup can remove it.
        }
    }
}

using Engine.Serialization.Errors;
using System.IO.Enumeration;
using Microsoft.Win32.SafeHandles;

namespace Engine.Serialization.IO;

/// <summary>The steps of <see cref="AtomicFile.Write"/>, in order; tests make each one fail in turn.</summary>
internal enum WriteStep
{
    CreateTemp,
    WriteData,
    FlushData,
    Replace,
    FlushFolder,
}

/// <summary>
/// Replaces a file so that a reader, a crash or a power cut sees either the old bytes or the new
/// ones, never a mix: write a temp file in the same folder, flush it to disk, rename it over the
/// target (keeping the old file as a backup when asked), then flush the folder so the rename
/// itself is on disk. The temp file may be a spare: an older file an earlier write retired (renamed to a temp name, made
/// durable by that write's folder flush), overwritten now only where it differs. A write may retire a file in turn,
/// renamed after its own rename and made durable by the same folder flush.
/// </summary>
internal static class AtomicFile
{
    /// <summary>Temp files start with '.' and end with this, so no slot or save pattern ever matches them.</summary>
    public const string TempSuffix = ".tmp";

    // A folder that can't be listed is an error, not an empty folder (EnumerationOptions ignore it by default).
    private static readonly EnumerationOptions Listing = new() { AttributesToSkip = 0, IgnoreInaccessible = false };

    /// <param name="path">The file to replace or create.</param>
    /// <param name="data">Its new content.</param>
    /// <param name="backupPath">Where the file's previous version goes (replacing any older backup), or null to drop it.</param>
    /// <param name="beforeStep">Called before each step; fault-injection tests throw from it.</param>
    /// <param name="spare">
    /// A temp file of the writer's (a name <see cref="TempPathFor"/> gave, on disk as such), to build the new file in when
    /// <paramref name="delta"/> knows the changes from it; deleted when it does not, or when the write fails.
    /// </param>
    /// <param name="delta">What the writer knows of its earlier files; told of this one once it is flushed.</param>
    /// <param name="retire">
    /// A file to rename once the new file has its name, made durable by the same folder flush (the next write's spare);
    /// left where it is when that rename fails.
    /// </param>
    /// <param name="folder">The file's folder, when the caller has it as a string already.</param>
    public static void Write(
        string path,
        ReadOnlySpan<byte> data,
        string? backupPath = null,
        Action<WriteStep>? beforeStep = null,
        string? spare = null,
        IFileDelta? delta = null,
        (string From, string To)? retire = null,
        string? folder = null)
    {
        string fullPath = Path.GetFullPath(path);
        folder ??= Path.GetDirectoryName(fullPath) ?? throw new ArgumentException("The save path has no folder.", nameof(path));
        FolderEntry.RefuseLink(path, "nothing was written");
        string temp = spare ?? TempPathFor(folder, fullPath);
        bool replaced = false;
        try
        {
            beforeStep?.Invoke(WriteStep.CreateTemp);
            IReadOnlyList<(int Start, int End)>? changes = null;
            var reused = spare is not null && delta is not null ? OpenKnown(spare, delta, out changes) : null;
            if (spare is not null && reused is null)
            {
                DeleteQuietly(spare);
                temp = TempPathFor(folder, fullPath);
            }

            using (var file = reused ?? File.OpenHandle(temp, FileMode.CreateNew, FileAccess.Write, FileShare.None))
            {
                beforeStep?.Invoke(WriteStep.WriteData);
                WriteContent(file, data, changes);
                beforeStep?.Invoke(WriteStep.FlushData);
                Platforms.Durability.FlushFile(file);
                delta?.Written(file);
            }

            beforeStep?.Invoke(WriteStep.Replace);
            if (backupPath is not null && File.Exists(fullPath))
            {
                Platforms.Replacing.Replace(temp, fullPath, backupPath);
            }
            else
            {
                Platforms.Contention.Retry(() => File.Move(temp, fullPath, overwrite: true), deniedIsBusy: true);
            }

            replaced = true;
            if (retire is { } retired)
            {
                _ = TryMove(retired.From, retired.To);
            }

            beforeStep?.Invoke(WriteStep.FlushFolder);
            Platforms.Durability.FlushFolder(folder);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            if (replaced)
            {
                throw new SaveIOException(
                    $"The save was written but could not be flushed to disk: {FileSystemRefusal.Explain(e)}. A power cut now could lose it; the previous save is kept as the backup.", path, e);
            }

            DeleteQuietly(temp);
            throw new SaveIOException($"The save could not be written: {FileSystemRefusal.Explain(e)}. The previous save is untouched.", path, e);
        }
    }

    /// <summary>
    /// Opens <paramref name="path"/> when it is a file <paramref name="delta"/> wrote and knows the changes from, and has
    /// no other name: writing in place into a file with hard links (a <c>cp -al</c> copy of the folder) would change them.
    /// </summary>
    private static SafeFileHandle? OpenKnown(string path, IFileDelta delta, out IReadOnlyList<(int Start, int End)>? changes)
    {
        changes = null;
        SafeFileHandle? file = null;
        try
        {
            file = Platforms.Opening.OpenExisting(path, FileShare.None);
            changes = Platforms.FileStatus.LinkCount(file) == 1 ? delta.ChangesFrom(file) : null;
            if (changes is not null)
            {
                return file;
            }
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or NotSupportedException)
        {
            // Gone, a link, not a regular file or not ours to write: a new file is written instead.
        }

        file?.Dispose();
        return null;
    }

    /// <summary>Renames a file; false when it is gone or the rename is refused.</summary>
    private static bool TryMove(string from, string to)
    {
        try
        {
            File.Move(from, to);
            return true;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return false;
        }
    }

    /// <summary>Writes the whole content into a new file, or only the ranges <paramref name="changes"/> names into a spare, cut to the content's length.</summary>
    private static void WriteContent(SafeFileHandle file, ReadOnlySpan<byte> data, IReadOnlyList<(int Start, int End)>? changes)
    {
        if (changes is null)
        {
            RandomAccess.Write(file, data, 0);
            return;
        }

        for (var i = 0; i < changes.Count; i++)
        {
            var (start, end) = changes[i];
            RandomAccess.Write(file, data[start..end], start);
        }

        if (RandomAccess.GetLength(file) != data.Length)
        {
            RandomAccess.SetLength(file, data.Length);
        }
    }

    /// <summary>Writes on the thread pool; see <see cref="Write"/>.</summary>
    public static Task WriteAsync(string path, ReadOnlyMemory<byte> data, CancellationToken cancellationToken) =>
        Task.Run(() => Write(path, data.Span), cancellationToken);

    /// <summary>Temp files other writes of <paramref name="path"/> left behind when their process died.</summary>
    public static List<string> LeftoverTemps(string path)
    {
        var leftovers = new List<string>();
        string fullPath = Path.GetFullPath(path);
        string folder = Path.GetDirectoryName(fullPath)!;
        if (Directory.Exists(folder))
        {
            using var listing = new TempListing(folder, fullPath);
            while (listing.MoveNext())
            {
                leftovers.Add(listing.Current);
            }
        }

        return leftovers;
    }

    /// <summary>
    /// Deletes the temp files writes of <paramref name="path"/> (a file in <paramref name="folder"/>, which exists) left
    /// behind; a folder that can't be listed is a <see cref="SaveIOException"/>.
    /// </summary>
    public static void DeleteLeftoverTemps(string folder, string path)
    {
        try
        {
            using var listing = new TempListing(folder, path);
            while (listing.MoveNext())
            {
                DeleteQuietly(listing.Current);
            }
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw FileSystemRefusal.Unlisted(folder, e);
        }
    }

    /// <summary>Whether <paramref name="fileName"/> is ".target.(anything).tmp", the name <see cref="TempPathFor"/> gives.</summary>
    private static bool IsTempOf(ReadOnlySpan<char> fileName, ReadOnlySpan<char> target) =>
        fileName.Length >= target.Length + 2 + TempSuffix.Length
        && fileName[0] == '.'
        && fileName[1..].StartsWith(target, StringComparison.Ordinal)
        && fileName[1 + target.Length] == '.'
        && fileName.EndsWith(TempSuffix, StringComparison.Ordinal);

    public static void DeleteQuietly(string path)
    {
        try
        {
            File.Delete(path);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // Temp files are named so that loads and slot lists ignore them; a later save retries.
        }
    }

    /// <summary>A new temp file name for a write of <paramref name="fullPath"/>, in its <paramref name="folder"/>.</summary>
    public static string TempPathFor(string folder, string fullPath) =>
        $"{folder}{FolderPath.SeparatorAfter(folder)}.{Path.GetFileName(fullPath.AsSpan())}.{Guid.NewGuid():N}{TempSuffix}";

    /// <summary>
    /// Lists a folder for the temp files of one file, matching each listed name in place: the one string built is the
    /// path of a leftover found.
    /// </summary>
    private sealed class TempListing(string folder, string path) : FileSystemEnumerator<string>(folder, Listing)
    {
        protected override bool ShouldIncludeEntry(ref FileSystemEntry entry) =>
            !entry.IsDirectory && IsTempOf(entry.FileName, Path.GetFileName(path.AsSpan()));

        protected override string TransformEntry(ref FileSystemEntry entry) => entry.ToFullPath();
    }
}

using Microsoft.Win32.SafeHandles;

namespace Engine.Serialization.IO;

/// <summary>
/// An older file a write builds the new one out of: renamed to the write's temp name, with the version of the content
/// it holds. The rename must reach the disk before any new byte does (a power cut must not leave the old name on a file
/// half overwritten); that flush runs while the new content is made.
/// </summary>
internal readonly struct ReusedFile
{
    private readonly SafeFileHandle _handle;
    private readonly BackgroundFolderFlush _renameFlush;
    private readonly string _path;
    private readonly string _temp;

    private ReusedFile(SafeFileHandle handle, int version, BackgroundFolderFlush renameFlush, string path, string temp)
    {
        _handle = handle;
        Version = version;
        _renameFlush = renameFlush;
        _path = path;
        _temp = temp;
    }

    /// <summary>The version of the writer's content the file holds (<see cref="IFileDelta.VersionOf"/>).</summary>
    public int Version { get; }

    /// <summary>
    /// Renames <paramref name="path"/> to <paramref name="temp"/> when <paramref name="delta"/> knows what it holds, and
    /// starts flushing the rename; null (nothing done) when it is unknown, gone or not ours to write.
    /// </summary>
    public static ReusedFile? TryTake(string path, string temp, string folder, IFileDelta delta)
    {
        SafeFileHandle? file = null;
        try
        {
            // Shared for delete, so that Windows lets the open file be renamed.
            file = File.OpenHandle(path, FileMode.Open, FileAccess.ReadWrite, FileShare.Delete);
            if (delta.VersionOf(file) is { } version)
            {
                File.Move(path, temp);
                return new ReusedFile(file, version, BackgroundFolderFlush.Start(folder), path, temp);
            }
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or NotSupportedException)
        {
            // Not there, not a regular file, not ours to write, or gone or locked since it was opened: a new file serves as well.
        }

        file?.Dispose();
        return null;
    }

    /// <summary>The file, to write the new content into, once its rename is on disk; disposed and rethrown when the flush failed.</summary>
    public SafeFileHandle Open()
    {
        try
        {
            _renameFlush.Wait();
            return _handle;
        }
        catch
        {
            _handle.Dispose();
            throw;
        }
    }

    /// <summary>Puts the file back under its name, untouched, when no content came to write into it; it is dropped anyway if that fails.</summary>
    public void GiveBack()
    {
        _handle.Dispose();
        try
        {
            _renameFlush.Wait();
        }
        catch (IOException)
        {
            // Its new name may not be on disk: the old one, put back now, serves either way.
        }

        try
        {
            File.Move(_temp, _path);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            AtomicFile.DeleteQuietly(_temp);
        }
    }
}

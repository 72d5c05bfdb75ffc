using Engine.Serialization.Errors;

namespace Engine.Serialization.IO;

/// <summary>
/// Opens a save file to read, refusing at once what can't be one. A folder is refused by name; a file of no length is
/// refused before it is opened, because that is also how a pipe, a socket or a device looks, and opening a pipe with
/// no writer would wait forever. On Linux one more stat names which of those it is (<see cref="FolderEntry"/>).
/// </summary>
internal static class SaveFileReading
{
    public static FileStream Open(string path, int bufferSize = 1, FileOptions options = FileOptions.None)
    {
        RefuseWhatIsNoFile(path);
        FileStream? stream = null;
        Platforms.Contention.Retry(() => stream = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, bufferSize, options), deniedIsBusy: false);
        return stream!;
    }

    /// <summary>Throws for a folder, and for an empty file or one that isn't a regular file; a missing file is left to the open.</summary>
    public static void RefuseWhatIsNoFile(string path)
    {
        // One stat tells all three apart: a folder "doesn't exist" as a file but has the Directory attribute.
        var file = new FileInfo(path);
        if (file.Exists && file.Length == 0)
        {
            throw new SaveCorruptedException(
                Platforms.FileStatus.KindOf(path, followLinks: true) switch
                {
                    EntryKind.File => "The file is empty: it holds no save.",
                    EntryKind.Pipe => "The path is a pipe (FIFO), not a save file: nothing was read from it.",
                    EntryKind.Socket => "The path is a socket, not a save file: nothing was read from it.",
                    EntryKind.Device => "The path is a device, not a save file: nothing was read from it.",
                    _ => "The file is empty, or it is a pipe, socket or device rather than a file: it holds no save.",
                },
                path);
        }

        if (!file.Exists && file.Attributes != (FileAttributes)(-1) && file.Attributes.HasFlag(FileAttributes.Directory))
        {
            throw new SaveIOException("The path is a folder, not a save file.", path);
        }
    }
}

using Engine.Serialization.Errors;

namespace Engine.Serialization.IO;

/// <summary>What an entry of a folder is.</summary>
internal enum EntryKind
{
    /// <summary>What is there can't be told (where .NET's attributes answer, only folders and links are).</summary>
    Unknown,
    Missing,
    File,
    Folder,
    Link,
    Pipe,
    Socket,
    Device,
}

/// <summary>
/// What a folder's entries are, without opening them: the kinds .NET's attributes and Unix modes tell (each system's
/// <see cref="IFileStatus"/> asks), whether anything is at a path, and the refusal of a link where a save belongs.
/// </summary>
internal static class FolderEntry
{
    /// <summary>What is at <paramref name="path"/> as .NET's attributes tell it: see <see cref="IFileStatus.KindOf(string, bool)"/>.</summary>
    public static EntryKind KindFromAttributes(string path, bool followLinks)
    {
        var entry = new FileInfo(path);
        if (!followLinks && entry.LinkTarget is not null)
        {
            return EntryKind.Link;
        }

        return entry.Exists ? EntryKind.Unknown
            : Directory.Exists(path) ? EntryKind.Folder
            : EntryKind.Missing;
    }

    /// <summary>The kind of a Unix file mode (st_mode), from its type bits (<see cref="Posix.TypeBits"/>).</summary>
    public static EntryKind OfMode(int mode) => (mode & Posix.TypeBits) switch
    {
        Posix.TypeFile => EntryKind.File,
        Posix.TypeFolder => EntryKind.Folder,
        Posix.TypeLink => EntryKind.Link,
        Posix.TypePipe => EntryKind.Pipe,
        Posix.TypeSocket => EntryKind.Socket,
        Posix.TypeCharacterDevice or Posix.TypeBlockDevice => EntryKind.Device,
        _ => EntryKind.Unknown,
    };

    /// <summary>
    /// Whether anything is at <paramref name="path"/> (a link counts, even one to nothing). False only when its folder
    /// says nothing is: a folder that can't be searched, where a missing file and one out of reach look the same, is a
    /// <see cref="SaveIOException"/> naming the folder.
    /// </summary>
    public static bool IsThere(string path)
    {
        if (File.Exists(path))
        {
            return true;
        }

        try
        {
            _ = File.GetAttributes(path);
            return true;
        }
        catch (Exception e) when (e is FileNotFoundException or DirectoryNotFoundException)
        {
            return false;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw FileSystemRefusal.Unsearchable(Path.GetDirectoryName(Path.GetFullPath(path)) ?? path, e);
        }
    }

    /// <summary>
    /// Refuses a save file that is a symbolic link, with a <see cref="SaveIOException"/> naming it and its target:
    /// saves replace a file, so one written "through" a link would replace the link and leave its target stale.
    /// <paramref name="outcome"/> says what did not happen ("nothing was written").
    /// </summary>
    public static void RefuseLink(string path, string outcome)
    {
        if (Platforms.FileStatus.KindOf(path, followLinks: false) == EntryKind.Link)
        {
            throw new SaveIOException(
                $"The save file is a symbolic link (to '{new FileInfo(path).LinkTarget}'), and the engine doesn't follow links to saves: a save would replace the link with a file and leave its target stale, so {outcome}. Put the file itself in the link's place, or link the whole save folder instead.",
                path);
        }
    }
}

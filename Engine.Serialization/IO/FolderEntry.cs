using Engine.Serialization.Errors;

namespace Engine.Serialization.IO;

/// <summary>What an entry of a folder is.</summary>
internal enum EntryKind
{
    /// <summary>Nothing is there, or what is there can't be told (off Linux, only files, folders and links are).</summary>
    Unknown,
    Missing,
    File,
    Folder,
    Link,
    Pipe,
    Socket,
    Device,
}

/// <summary>Tells what an entry is without opening it: on Linux from one statx, elsewhere from .NET's attributes.</summary>
internal static unsafe class FolderEntry
{
    /// <summary>
    /// What is at <paramref name="path"/>; with <paramref name="followLinks"/> false a symbolic link there is
    /// <see cref="EntryKind.Link"/>, else what it points to. Off Linux, a regular file, pipe, socket or device is
    /// <see cref="EntryKind.Unknown"/>: .NET tells them apart only by opening them.
    /// </summary>
    public static EntryKind KindOf(string path, bool followLinks)
    {
        if (OperatingSystem.IsLinux())
        {
            byte* status = stackalloc byte[Posix.StatxSize];
            try
            {
                if (Posix.Statx(Posix.AtCurrentFolder, path, followLinks ? 0 : Posix.AtNoFollow, Posix.StatxType, status) == 0)
                {
                    return OfType(*(ushort*)(status + Posix.StatxModeOffset) & Posix.TypeBits);
                }
            }
            catch (EntryPointNotFoundException)
            {
                // A C library older than statx: .NET's attributes below.
            }
        }

        var entry = new FileInfo(path);
        if (!followLinks && entry.LinkTarget is not null)
        {
            return EntryKind.Link;
        }

        return entry.Exists ? EntryKind.Unknown
            : Directory.Exists(path) ? EntryKind.Folder
            : EntryKind.Missing;
    }

    /// <summary>The kind of a mode's type bits (<see cref="Posix.TypeBits"/>).</summary>
    public static EntryKind OfType(int type) => type switch
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
        if (KindOf(path, followLinks: false) == EntryKind.Link)
        {
            throw new SaveIOException(
                $"The save file is a symbolic link (to '{new FileInfo(path).LinkTarget}'), and the engine doesn't follow links to saves: a save would replace the link with a file and leave its target stale, so {outcome}. Put the file itself in the link's place, or link the whole save folder instead.",
                path);
        }
    }
}

using Engine.Serialization.Errors;

namespace Engine.Serialization.IO;

/// <summary>
/// What a file system's refusal means, from the exception's kind and code rather than a guess, with what to do about
/// it: for the messages of the <see cref="SaveIOException"/>s that report it.
/// </summary>
internal static class FileSystemRefusal
{
    // Windows: ERROR_WRITE_PROTECT, ERROR_DISK_FULL, ERROR_HANDLE_DISK_FULL, ERROR_DIRECTORY (a folder name expected).
    private const int WriteProtected = unchecked((int)0x80070013);
    private const int DiskFull = unchecked((int)0x80070070);
    private const int HandleDiskFull = unchecked((int)0x80070027);
    private const int NotADirectory = unchecked((int)0x8007010B);

    /// <summary>"what it is (the system's own words); what to do", to follow "could not be ...:" in a message.</summary>
    public static string Explain(Exception e) => $"{What(e)} ({e.Message}); {WhatToDo(e)}";

    /// <summary>A save file the system would not let be read.</summary>
    public static SaveIOException Unreadable(string path, Exception e) => new($"The save could not be read: {Explain(e)}.", path, e);

    /// <summary>A save folder that could not be listed: what an empty folder would look like, which it must not be taken for.</summary>
    public static SaveIOException Unlisted(string folder, Exception e) =>
        new($"The save folder could not be listed, so its saves can't be found: {Explain(e)}.", folder, e);

    /// <summary>A save folder that can't be searched for a file: a missing file would look the same, and it must not be taken for one.</summary>
    public static SaveIOException Unsearchable(string folder, Exception e) =>
        new($"The save folder can't be read, so whether it holds this save is unknown: {Explain(e)}.", folder, e);

    private static string What(Exception e) => KindOf(e) switch
    {
        Kind.ReadOnly => "the file system is read-only",
        Kind.Denied => "permission denied",
        Kind.Link => "it is a symbolic link, and the engine writes no file through a link",
        Kind.Folder => "a folder is where the file belongs",
        Kind.NotAFile => $"{NotAFileException.Describe(((NotAFileException)e).Kind)} is where the file belongs",
        Kind.NotAFolder => "a file is where a folder belongs",
        Kind.DiskFull => "the disk is full",
        Kind.Gone => "the folder is gone",
        _ => "the file system refused it",
    };

    private static string WhatToDo(Exception e) => KindOf(e) switch
    {
        Kind.ReadOnly => "saves need a writable disk",
        Kind.Denied => "check that the folder and its files belong to you (after a game ran with sudo, they may be root's: give them back with chown)",
        Kind.Link => "remove the link (a link to the whole save folder is fine)",
        Kind.Folder or Kind.NotAFile => "move it out of the save folder",
        Kind.NotAFolder => "move that file away",
        Kind.DiskFull => "free some space",
        Kind.Gone => "try again to create it",
        _ => "check the disk",
    };

    private static Kind KindOf(Exception e) => e switch
    {
        NotAFileException { Kind: EntryKind.Link } => Kind.Link,
        NotAFileException { Kind: EntryKind.Folder } => Kind.Folder,
        NotAFileException => Kind.NotAFile,
        DirectoryNotFoundException => Kind.Gone,
        UnauthorizedAccessException => Kind.Denied,
        IOException when OperatingSystem.IsWindows() => e.HResult switch
        {
            WriteProtected => Kind.ReadOnly,
            DiskFull or HandleDiskFull => Kind.DiskFull,
            NotADirectory => Kind.NotAFolder,
            _ => Kind.Other,
        },
        IOException => e.HResult switch // the errno, on Unix
        {
            Posix.ReadOnlyFileSystem => Kind.ReadOnly,
            Posix.PermissionDenied or Posix.NotPermitted => Kind.Denied,
            Posix.IsAFolder => Kind.Folder,
            Posix.NotAFolder => Kind.NotAFolder,
            Posix.NoSpace => Kind.DiskFull,
            _ when e.HResult == Posix.FollowRefused => Kind.Link,
            _ => Kind.Other,
        },
        _ => Kind.Other,
    };

    private enum Kind
    {
        Other,
        ReadOnly,
        Denied,
        Link,
        Folder,
        NotAFile,
        NotAFolder,
        DiskFull,
        Gone,
    }
}

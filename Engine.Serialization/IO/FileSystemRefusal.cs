using Engine.Serialization.Errors;

namespace Engine.Serialization.IO;

/// <summary>
/// What a file system's refusal means, from the exception's kind and code rather than a guess, with what to do about
/// it: for the messages of the <see cref="SaveIOException"/>s that report it.
/// </summary>
internal static class FileSystemRefusal
{
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
        RefusalKind.ReadOnly => "the file system is read-only",
        RefusalKind.Denied => "permission denied",
        RefusalKind.Link => "it is a symbolic link, and the engine writes no file through a link",
        RefusalKind.Folder => "a folder is where the file belongs",
        RefusalKind.NotAFile => $"{NotAFileException.Describe(((NotAFileException)e).Kind)} is where the file belongs",
        RefusalKind.NotAFolder => "a file is where a folder belongs",
        RefusalKind.DiskFull => "the disk is full",
        RefusalKind.Gone => "the folder is gone",
        _ => "the file system refused it",
    };

    private static string WhatToDo(Exception e) => KindOf(e) switch
    {
        RefusalKind.ReadOnly => "saves need a writable disk",
        RefusalKind.Denied => "check that the folder and its files belong to you (after a game ran with sudo, they may be root's: give them back with chown)",
        RefusalKind.Link => "remove the link (a link to the whole save folder is fine)",
        RefusalKind.Folder or RefusalKind.NotAFile => "move it out of the save folder",
        RefusalKind.NotAFolder => "move that file away",
        RefusalKind.DiskFull => "free some space",
        RefusalKind.Gone => "try again to create it",
        _ => "check the disk",
    };

    private static RefusalKind KindOf(Exception e) => e switch
    {
        NotAFileException { Kind: EntryKind.Link } => RefusalKind.Link,
        NotAFileException { Kind: EntryKind.Folder } => RefusalKind.Folder,
        NotAFileException => RefusalKind.NotAFile,
        DirectoryNotFoundException => RefusalKind.Gone,
        UnauthorizedAccessException => RefusalKind.Denied,
        IOException => Platforms.Errors.KindOf(e.HResult),
        _ => RefusalKind.Other,
    };
}

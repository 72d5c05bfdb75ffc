using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace Engine.Serialization.IO;

/// <summary>
/// Opens the files a save folder keeps and the engine writes in place (a slot's lock file, an autosave's spare) as the
/// folder's own: never through a symbolic link at their name, so a link planted there can't make a save write, or
/// create, a file elsewhere.
/// </summary>
internal interface INoFollowOpening
{
    /// <summary>
    /// Opens an existing regular file to read and write. Throws <see cref="FileNotFoundException"/> when nothing is there,
    /// <see cref="NotAFileException"/> for what isn't a regular file (a link included), and an <see cref="IOException"/>
    /// whose HResult is the errno (Unix) for any other refusal. <paramref name="windowsShare"/> is the sharing the open
    /// allows on Windows, where it is also the lock; on Unix locks are taken apart (<see cref="IFileLocking"/>).
    /// </summary>
    SafeFileHandle OpenExisting(string path, FileShare windowsShare);

    /// <summary><see cref="OpenExisting"/>, creating the file first when nothing is at <paramref name="path"/>.</summary>
    SafeFileHandle OpenOrCreate(string path, FileShare windowsShare);
}

/// <summary>
/// Linux, macOS and FreeBSD: an existing file is opened with O_NOFOLLOW, and a new one made with O_CREAT|O_EXCL
/// (<see cref="FileMode.CreateNew"/>), which doesn't follow a link either; a link swapped in meanwhile is refused too.
/// What the open finds that isn't a file (a pipe, a device) is told by <paramref name="status"/> and refused.
/// </summary>
internal sealed class PosixNoFollowOpening(PosixNumbers numbers, IFileStatus status) : INoFollowOpening
{
    public SafeFileHandle OpenExisting(string path, FileShare windowsShare)
    {
        int fd = Posix.Open(path, Posix.OpenReadWrite | numbers.OpenNoFollow | numbers.OpenCloseOnExec);
        if (fd < 0)
        {
            int error = Marshal.GetLastPInvokeError();
            throw error == Posix.NoSuchEntry ? new FileNotFoundException($"Could not find file '{path}'.", path)
                : error == numbers.FollowRefused ? new NotAFileException(path, EntryKind.Link)
                : error == Posix.IsAFolder ? new NotAFileException(path, EntryKind.Folder)
                : new IOException($"{Marshal.GetPInvokeErrorMessage(error)} : '{path}'", error);
        }

        var file = Posix.Handle(fd);
        if (status.KindOf(file) is not (EntryKind.File or EntryKind.Unknown) and var kind)
        {
            file.Dispose();
            throw new NotAFileException(path, kind);
        }

        return file;
    }

    public SafeFileHandle OpenOrCreate(string path, FileShare windowsShare)
    {
        while (true)
        {
            try
            {
                return OpenExisting(path, windowsShare);
            }
            catch (FileNotFoundException)
            {
                // Made below.
            }

            try
            {
                return File.OpenHandle(path, FileMode.CreateNew, FileAccess.ReadWrite, FileShare.ReadWrite);
            }
            catch (IOException e) when (e.HResult == Posix.FileExists)
            {
                // Another process made it meanwhile (or a link appeared, which the open above refuses).
            }
        }
    }
}

/// <summary>
/// Windows, which offers .NET neither O_NOFOLLOW nor a create that refuses a link: a link (a symbolic link or junction)
/// is refused when it is there before the open, and one swapped in between that check and the open is followed.
/// </summary>
internal sealed class WindowsCheckedOpening : INoFollowOpening
{
    public SafeFileHandle OpenExisting(string path, FileShare windowsShare)
    {
        RefuseLinkOrFolder(path);
        return File.OpenHandle(path, FileMode.Open, FileAccess.ReadWrite, windowsShare);
    }

    public SafeFileHandle OpenOrCreate(string path, FileShare windowsShare)
    {
        RefuseLinkOrFolder(path);
        return File.OpenHandle(path, FileMode.OpenOrCreate, FileAccess.ReadWrite, windowsShare);
    }

    private static void RefuseLinkOrFolder(string path)
    {
        // A link is a symbolic link or junction (other reparse points, such as OneDrive's files, are files). A folder is
        // refused here because Windows opens one as a file only to refuse it with "access denied", which would send the
        // player to check permissions instead of moving the folder.
        if (FolderEntry.KindFromAttributes(path, followLinks: false) is (EntryKind.Link or EntryKind.Folder) and var kind)
        {
            throw new NotAFileException(path, kind);
        }
    }
}

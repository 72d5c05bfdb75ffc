using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace Engine.Serialization.IO;

/// <summary>
/// Opens the files a save folder keeps and the engine writes in place (a slot's lock file, an autosave's spare) as the
/// folder's own: never through a symbolic link at their name, so a link planted there can't make a save write, or
/// create, a file elsewhere. On Linux, macOS and FreeBSD an existing file is opened with O_NOFOLLOW and a new one made
/// with O_CREAT|O_EXCL (<see cref="FileMode.CreateNew"/>), which doesn't follow a link either. Windows offers neither
/// to .NET: there a link (a symbolic link or junction) is refused when it is there before the open, and one swapped in
/// between that check and the open would be followed.
/// </summary>
internal static partial class NoFollowFile
{
    /// <summary>
    /// Opens an existing regular file to read and write. Throws <see cref="FileNotFoundException"/> when nothing is there,
    /// <see cref="NotAFileException"/> for what isn't a regular file (a link included), and an <see cref="IOException"/>
    /// whose HResult is the errno (Unix) for any other refusal. <paramref name="windowsShare"/> is the sharing the open
    /// allows on Windows, where it is also the lock; on Unix locks are taken apart (<see cref="ProcessLock"/>).
    /// </summary>
    public static SafeFileHandle OpenExisting(string path, FileShare windowsShare)
    {
        if (!Posix.IsAvailable)
        {
            RefuseWindowsLinkOrFolder(path);
            return File.OpenHandle(path, FileMode.Open, FileAccess.ReadWrite, windowsShare);
        }

        var numbers = PosixNumbers.Current!;
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
        if (Posix.TryStatus(file, out int type, out _) && type != Posix.TypeFile)
        {
            file.Dispose();
            throw new NotAFileException(path, FolderEntry.OfType(type));
        }

        return file;
    }

    /// <summary><see cref="OpenExisting"/>, creating the file first when nothing is at <paramref name="path"/>.</summary>
    public static SafeFileHandle OpenOrCreate(string path, FileShare windowsShare)
    {
        if (!Posix.IsAvailable)
        {
            RefuseWindowsLinkOrFolder(path);
            return File.OpenHandle(path, FileMode.OpenOrCreate, FileAccess.ReadWrite, windowsShare);
        }

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

    /// <summary>How many names (hard links) the open file has; -1 when the system can't say.</summary>
    public static int LinkCount(SafeFileHandle file)
    {
        if (Posix.IsAvailable)
        {
            return Posix.TryStatus(file, out _, out int links) ? links : -1;
        }

        return OperatingSystem.IsWindows() ? WindowsLinkCount(file) : -1;
    }

    private static void RefuseWindowsLinkOrFolder(string path)
    {
        // LinkTarget names symbolic links and junctions only: other reparse points, such as OneDrive's files, are files.
        var entry = new FileInfo(path);
        if (entry.LinkTarget is not null)
        {
            throw new NotAFileException(path, EntryKind.Link);
        }

        // Windows opens a folder as a file only to refuse it with "access denied", which would send the player to check
        // permissions instead of moving the folder.
        if (entry.Attributes != (FileAttributes)(-1) && entry.Attributes.HasFlag(FileAttributes.Directory))
        {
            throw new NotAFileException(path, EntryKind.Folder);
        }
    }

    // BY_HANDLE_FILE_INFORMATION: nNumberOfLinks is the 32-bit field at 40 of its 52 bytes.
    private const int WindowsFileInformationSize = 52;
    private const int WindowsLinkCountOffset = 40;

    private static unsafe int WindowsLinkCount(SafeFileHandle file)
    {
        byte* information = stackalloc byte[WindowsFileInformationSize];
        return GetFileInformationByHandle(file, information) ? *(int*)(information + WindowsLinkCountOffset) : -1;
    }

    [LibraryImport("kernel32.dll", EntryPoint = "GetFileInformationByHandle")]
    [return: MarshalAs(UnmanagedType.Bool)]
    private static unsafe partial bool GetFileInformationByHandle(SafeFileHandle file, byte* information);
}

/// <summary>What is at a path the engine writes in place is not a regular file: a link, a folder, a pipe...</summary>
internal sealed class NotAFileException(string path, EntryKind kind) : IOException($"'{path}' is {Describe(kind)}, not a file.")
{
    public EntryKind Kind { get; } = kind;

    public static string Describe(EntryKind kind) => kind switch
    {
        EntryKind.Link => "a symbolic link",
        EntryKind.Folder => "a folder",
        EntryKind.Pipe => "a pipe (FIFO)",
        EntryKind.Socket => "a socket",
        EntryKind.Device => "a device",
        _ => "something other than a file",
    };
}

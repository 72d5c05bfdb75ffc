using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace Engine.Serialization.IO;

/// <summary>
/// The C library calls .NET offers no API for (open without following a link, flock on a descriptor of our own, fsync
/// of a folder), with the constants every Unix shares; those that differ between Linux, Apple's systems and
/// FreeBSD, and on Linux between architectures, are <see cref="PosixNumbers"/>.
/// </summary>
internal static partial class Posix
{
    public const int OpenReadOnly = 0;
    public const int OpenReadWrite = 2;

    public const int NoSuchEntry = 2;
    public const int FileExists = 17; // EEXIST, which .NET's IOException carries as its HResult on Unix
    public const int PermissionDenied = 13;
    public const int NotPermitted = 1;
    public const int IsAFolder = 21;
    public const int NotAFolder = 20;
    public const int NoSpace = 28;
    public const int ReadOnlyFileSystem = 30;

    private const int LockExclusive = 2;
    private const int LockDontWait = 4;

    /// <summary>open(2) of an existing entry (no O_CREAT, so no mode argument); a descriptor, or -1 with the errno set.</summary>
    [LibraryImport("libc", EntryPoint = "open", StringMarshalling = StringMarshalling.Utf8, SetLastError = true)]
    public static partial int Open(string path, int flags);

    [LibraryImport("libc", EntryPoint = "fsync", SetLastError = true)]
    public static partial int FSync(SafeFileHandle file);

    /// <summary>A folder opened read-only, to flush it; an <see cref="IOException"/> carrying the errno when it can't be.</summary>
    public static SafeFileHandle OpenFolder(string folder)
    {
        int fd = Open(folder, OpenReadOnly | PosixNumbers.Current!.OpenCloseOnExec);
        return fd >= 0 ? Handle(fd) : throw Refused("The folder could not be opened to flush it", folder);
    }

    /// <summary>An IOException carrying the last call's errno as its HResult, as .NET's own are on Unix.</summary>
    public static IOException Refused(string what, string path)
    {
        int error = Marshal.GetLastPInvokeError();
        return new IOException($"{what}: {Marshal.GetPInvokeErrorMessage(error)} : '{path}'", error);
    }

    [LibraryImport("libc", EntryPoint = "flock", SetLastError = true)]
    private static partial int FLock(SafeFileHandle file, int operation);

    /// <summary>Takes an exclusive flock without waiting: 0, or the errno (<see cref="PosixNumbers.WouldBlock"/> while another open holds it).</summary>
    public static int TryLockExclusive(SafeFileHandle file) =>
        FLock(file, LockExclusive | LockDontWait) == 0 ? 0 : Marshal.GetLastPInvokeError();

    /// <summary>A descriptor from <see cref="Open"/> as a handle that closes it.</summary>
    public static SafeFileHandle Handle(int fd) => new(fd, ownsHandle: true);

    /// <summary>S_IFMT, and the types in it.</summary>
    public const int TypeBits = 0xF000;
    public const int TypeFile = 0x8000;
    public const int TypeFolder = 0x4000;
    public const int TypeLink = 0xA000;
    public const int TypePipe = 0x1000;
    public const int TypeSocket = 0xC000;
    public const int TypeCharacterDevice = 0x2000;
    public const int TypeBlockDevice = 0x6000;
}

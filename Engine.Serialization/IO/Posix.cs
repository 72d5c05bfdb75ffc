using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace Engine.Serialization.IO;

/// <summary>
/// The C library calls .NET offers no API for (open without following a link, flock on a descriptor of our own, fsync
/// of a folder, statx), with the constants every Unix shares; those that differ between Linux, Apple's systems and
/// FreeBSD, and on Linux between architectures, are <see cref="PosixNumbers"/>.
/// </summary>
internal static unsafe partial class Posix
{
    /// <summary>Whether there is a C library to call: on Unix (<see cref="PosixNumbers.Current"/> names its numbers).</summary>
    public static bool IsAvailable { get; } = PosixNumbers.Current is not null;

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

    // statx(2), Linux: its buffer has one layout on every architecture, unlike stat's.
    public const int AtCurrentFolder = -100;
    public const int AtNoFollow = 0x100;
    private const int AtEmptyPath = 0x1000;
    public const uint StatxType = 0x1;
    private const uint StatxLinkCount = 0x4;
    public const int StatxSize = 256;
    private const int StatxLinkCountOffset = 16;
    public const int StatxModeOffset = 28;

    [LibraryImport("libc", EntryPoint = "statx", StringMarshalling = StringMarshalling.Utf8)]
    public static partial int Statx(int folder, string path, int flags, uint mask, byte* status);

    // fstat(2) on Apple's systems, in its 64-bit-inode layout (x64 names that one fstat$INODE64): st_mode and st_nlink are the
    // 16-bit fields at 4 and 6.
    private const int DarwinStatSize = 144;
    private const int DarwinModeOffset = 4;
    private const int DarwinLinkCountOffset = 6;

    [LibraryImport("libc", EntryPoint = "fstat")]
    private static partial int DarwinFStat(SafeFileHandle file, byte* status);

    [LibraryImport("libc", EntryPoint = "fstat$INODE64")]
    private static partial int DarwinFStatX64(SafeFileHandle file, byte* status);

    /// <summary>
    /// The type bits of an open file's mode (<see cref="TypeBits"/>) and how many names (hard links) it has; false on
    /// systems or C libraries that can't say (FreeBSD here; Linux before statx).
    /// </summary>
    public static bool TryStatus(SafeFileHandle file, out int type, out int links)
    {
        (type, links) = (0, 0);
        try
        {
            if (OperatingSystem.IsLinux())
            {
                byte* status = stackalloc byte[StatxSize];
                bool added = false;
                file.DangerousAddRef(ref added);
                try
                {
                    if (Statx((int)file.DangerousGetHandle(), "", AtEmptyPath, StatxType | StatxLinkCount, status) != 0)
                    {
                        return false;
                    }
                }
                finally
                {
                    file.DangerousRelease();
                }

                (type, links) = (*(ushort*)(status + StatxModeOffset) & TypeBits, (int)*(uint*)(status + StatxLinkCountOffset));
                return true;
            }

            if (Platforms.IsApple)
            {
                byte* status = stackalloc byte[DarwinStatSize];
                if ((RuntimeInformation.ProcessArchitecture == Architecture.X64 ? DarwinFStatX64(file, status) : DarwinFStat(file, status)) != 0)
                {
                    return false;
                }

                (type, links) = (*(ushort*)(status + DarwinModeOffset) & TypeBits, *(ushort*)(status + DarwinLinkCountOffset));
                return true;
            }
        }
        catch (EntryPointNotFoundException)
        {
            // A C library older than statx.
        }

        return false;
    }

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

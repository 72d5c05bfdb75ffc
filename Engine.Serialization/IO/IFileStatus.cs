using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace Engine.Serialization.IO;

/// <summary>
/// What an entry is, at a path or open, and how many names (hard links) a file has: what tells a save from a pipe or
/// a device before it is opened, and a file the engine may write in place from one whose other names would change too.
/// </summary>
internal interface IFileStatus
{
    /// <summary>
    /// What is at <paramref name="path"/>; with <paramref name="followLinks"/> false a symbolic link there is
    /// <see cref="EntryKind.Link"/>, else what it points to. Where .NET's attributes answer (off Linux), a regular file,
    /// pipe, socket or device is <see cref="EntryKind.Unknown"/>: .NET tells them apart only by opening them.
    /// </summary>
    EntryKind KindOf(string path, bool followLinks);

    /// <summary>What the open <paramref name="file"/> is; <see cref="EntryKind.Unknown"/> where the system can't say.</summary>
    EntryKind KindOf(SafeFileHandle file);

    /// <summary>How many names (hard links) the open <paramref name="file"/> has; -1 where the system can't say.</summary>
    int LinkCount(SafeFileHandle file);
}

/// <summary>
/// Linux: one statx tells a path's or an open file's type, and the link count; its buffer has one layout on every
/// architecture, unlike stat's. A C library older than statx (glibc before 2.28) gets .NET's attributes for a path and
/// no answer for an open file.
/// </summary>
internal sealed unsafe partial class StatxFileStatus : IFileStatus
{
    private const int AtCurrentFolder = -100;
    private const int AtNoFollow = 0x100;
    private const int AtEmptyPath = 0x1000;
    private const uint WantType = 0x1; // STATX_TYPE
    private const uint WantLinkCount = 0x4; // STATX_NLINK
    private const int StatusSize = 256;
    private const int LinkCountOffset = 16; // stx_nlink, 32 bits
    private const int ModeOffset = 28; // stx_mode, 16 bits

    public EntryKind KindOf(string path, bool followLinks)
    {
        byte* status = stackalloc byte[StatusSize];
        return TryStatx(AtCurrentFolder, path, followLinks ? 0 : AtNoFollow, WantType, status)
            ? FolderEntry.OfMode(*(ushort*)(status + ModeOffset))
            : FolderEntry.KindFromAttributes(path, followLinks);
    }

    public EntryKind KindOf(SafeFileHandle file)
    {
        byte* status = stackalloc byte[StatusSize];
        return TryStatx(file, WantType, status) ? FolderEntry.OfMode(*(ushort*)(status + ModeOffset)) : EntryKind.Unknown;
    }

    public int LinkCount(SafeFileHandle file)
    {
        byte* status = stackalloc byte[StatusSize];
        return TryStatx(file, WantLinkCount, status) ? (int)*(uint*)(status + LinkCountOffset) : -1;
    }

    private static bool TryStatx(SafeFileHandle file, uint mask, byte* status)
    {
        bool added = false;
        file.DangerousAddRef(ref added);
        try
        {
            return TryStatx((int)file.DangerousGetHandle(), "", AtEmptyPath, mask, status);
        }
        finally
        {
            file.DangerousRelease();
        }
    }

    private static bool TryStatx(int folder, string path, int flags, uint mask, byte* status)
    {
        try
        {
            return Statx(folder, path, flags, mask, status) == 0;
        }
        catch (EntryPointNotFoundException)
        {
            return false; // a C library older than statx
        }
    }

    [LibraryImport("libc", EntryPoint = "statx", StringMarshalling = StringMarshalling.Utf8)]
    private static partial int Statx(int folder, string path, int flags, uint mask, byte* status);
}

/// <summary>
/// macOS, iOS, tvOS and Mac Catalyst: fstat tells an open file's type and link count; a path gets .NET's attributes.
/// </summary>
internal sealed unsafe partial class AppleFileStatus : IFileStatus
{
    // struct stat in its 64-bit-inode layout (x64 names that fstat fstat$INODE64): st_mode and st_nlink are the 16-bit
    // fields at 4 and 6 of its 144 bytes.
    private const int StatusSize = 144;
    private const int ModeOffset = 4;
    private const int LinkCountOffset = 6;

    public EntryKind KindOf(string path, bool followLinks) => FolderEntry.KindFromAttributes(path, followLinks);

    public EntryKind KindOf(SafeFileHandle file)
    {
        byte* status = stackalloc byte[StatusSize];
        return FStat(file, status) == 0 ? FolderEntry.OfMode(*(ushort*)(status + ModeOffset)) : EntryKind.Unknown;
    }

    public int LinkCount(SafeFileHandle file)
    {
        byte* status = stackalloc byte[StatusSize];
        return FStat(file, status) == 0 ? *(ushort*)(status + LinkCountOffset) : -1;
    }

    private static int FStat(SafeFileHandle file, byte* status) =>
        RuntimeInformation.ProcessArchitecture == Architecture.X64 ? FStatX64(file, status) : FStatArm64(file, status);

    [LibraryImport("libc", EntryPoint = "fstat")]
    private static partial int FStatArm64(SafeFileHandle file, byte* status);

    [LibraryImport("libc", EntryPoint = "fstat$INODE64")]
    private static partial int FStatX64(SafeFileHandle file, byte* status);
}

/// <summary>
/// Windows: GetFileInformationByHandle counts an open file's names; a path gets .NET's attributes. An open file's kind
/// goes unasked: <see cref="WindowsCheckedOpening"/> refuses a link or a folder before it opens.
/// </summary>
internal sealed unsafe partial class WindowsFileStatus : IFileStatus
{
    // BY_HANDLE_FILE_INFORMATION: nNumberOfLinks is the 32-bit field at 40 of its 52 bytes.
    private const int InformationSize = 52;
    private const int LinkCountOffset = 40;

    public EntryKind KindOf(string path, bool followLinks) => FolderEntry.KindFromAttributes(path, followLinks);

    public EntryKind KindOf(SafeFileHandle file) => EntryKind.Unknown;

    public int LinkCount(SafeFileHandle file)
    {
        byte* information = stackalloc byte[InformationSize];
        return GetFileInformationByHandle(file, information) ? *(int*)(information + LinkCountOffset) : -1;
    }

    [LibraryImport("kernel32.dll", EntryPoint = "GetFileInformationByHandle")]
    [return: MarshalAs(UnmanagedType.Bool)]
    private static partial bool GetFileInformationByHandle(SafeFileHandle file, byte* information);
}

/// <summary>
/// FreeBSD, Android and any other system: .NET's attributes for a path, and no answer for an open file, whose link
/// count then reads as unknown and the engine writes no file in place.
/// </summary>
internal sealed class AttributesFileStatus : IFileStatus
{
    public EntryKind KindOf(string path, bool followLinks) => FolderEntry.KindFromAttributes(path, followLinks);

    public EntryKind KindOf(SafeFileHandle file) => EntryKind.Unknown;

    public int LinkCount(SafeFileHandle file) => -1;
}

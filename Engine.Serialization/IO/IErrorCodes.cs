namespace Engine.Serialization.IO;

/// <summary>What a file system's refusal was, as <see cref="FileSystemRefusal"/> explains it to a player.</summary>
internal enum RefusalKind
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

/// <summary>What the code an <see cref="IOException"/> carries as its HResult means: an errno on Unix, an HRESULT on Windows.</summary>
internal interface IErrorCodes
{
    RefusalKind KindOf(int code);
}

/// <summary>Unix errno numbers: the shared ones (<see cref="Posix"/>), and the system's own for a refused link.</summary>
internal sealed class PosixErrorCodes(PosixNumbers numbers) : IErrorCodes
{
    public RefusalKind KindOf(int code) => code switch
    {
        Posix.ReadOnlyFileSystem => RefusalKind.ReadOnly,
        Posix.PermissionDenied or Posix.NotPermitted => RefusalKind.Denied,
        Posix.IsAFolder => RefusalKind.Folder,
        Posix.NotAFolder => RefusalKind.NotAFolder,
        Posix.NoSpace => RefusalKind.DiskFull,
        _ when code == numbers.FollowRefused => RefusalKind.Link,
        _ => RefusalKind.Other,
    };
}

/// <summary>Windows HRESULTs (0x8007 and a Win32 error code), as .NET's IOException carries them.</summary>
internal sealed class WindowsErrorCodes : IErrorCodes
{
    // ERROR_WRITE_PROTECT, ERROR_DISK_FULL, ERROR_HANDLE_DISK_FULL, ERROR_DIRECTORY (a folder name expected).
    private const int WriteProtected = unchecked((int)0x80070013);
    private const int DiskFull = unchecked((int)0x80070070);
    private const int HandleDiskFull = unchecked((int)0x80070027);
    private const int NotADirectory = unchecked((int)0x8007010B);

    // ERROR_SHARING_VIOLATION, ERROR_LOCK_VIOLATION.
    private const int SharingViolation = unchecked((int)0x80070020);
    private const int LockViolation = unchecked((int)0x80070021);

    /// <summary>Whether another process's open of the file (its share mode or its lock) refused this one.</summary>
    public static bool IsSharingRefusal(Exception e) => e is IOException { HResult: SharingViolation or LockViolation };

    public RefusalKind KindOf(int code) => code switch
    {
        WriteProtected => RefusalKind.ReadOnly,
        DiskFull or HandleDiskFull => RefusalKind.DiskFull,
        NotADirectory => RefusalKind.NotAFolder,
        _ => RefusalKind.Other,
    };
}

namespace Engine.Serialization.IO;

/// <summary>
/// The choices that differ per OS, each behind a small interface, made once for the process: how data reaches the disk
/// (<see cref="Durability"/>), how a file replaces another keeping a backup (<see cref="Replacing"/>), how a slot's lock
/// is held (<see cref="Locking"/>), what waits for another process's open of a file (<see cref="Contention"/>), what
/// error codes mean (<see cref="Errors"/>), what an entry is and how many names a file has (<see cref="FileStatus"/>),
/// how a folder's own files are opened without following a link (<see cref="Opening"/>) and whether fresh memory is
/// mapped in one call (<see cref="MemoryPopulating"/>); the C library's numbers are <see cref="PosixNumbers.Current"/>.
/// </summary>
internal static class Platforms
{
    /// <summary>macOS, iOS, tvOS and Mac Catalyst (OperatingSystem.IsIOS is true on Mac Catalyst too).</summary>
    public static bool IsApple { get; } = OperatingSystem.IsMacOS() || OperatingSystem.IsIOS() || OperatingSystem.IsTvOS();

    public static IDurability Durability { get; } =
        IsApple ? new AppleDurability()
        : PosixNumbers.Current is not null ? new PosixDurability()
        : new WindowsDurability();

    public static IFileLocking Locking { get; } =
        PosixNumbers.Current is { } numbers ? new FlockLocking(numbers.WouldBlock) : new ShareModeLocking();

    // Before Replacing, which is given it.
    public static IFileContention Contention { get; } =
        OperatingSystem.IsWindows() ? new WindowsContention() : new NoContention();

    public static IFileReplacing Replacing { get; } =
        OperatingSystem.IsWindows() ? new HardLinkThenRenameReplacing(Contention) : new LinkThenRenameReplacing();

    public static IErrorCodes Errors { get; } =
        PosixNumbers.Current is { } numbers ? new PosixErrorCodes(numbers) : new WindowsErrorCodes();

    // Before Opening, which is given it.
    public static IFileStatus FileStatus { get; } =
        OperatingSystem.IsLinux() ? new StatxFileStatus()
        : IsApple ? new AppleFileStatus()
        : OperatingSystem.IsWindows() ? new WindowsFileStatus()
        : new AttributesFileStatus();

    public static INoFollowOpening Opening { get; } =
        PosixNumbers.Current is { } numbers ? new PosixNoFollowOpening(numbers, FileStatus) : new WindowsCheckedOpening();

    public static IMemoryPopulating MemoryPopulating { get; } =
        OperatingSystem.IsLinux() ? new MadvisePopulating() : new NoMemoryPopulating();
}

using System.Runtime.InteropServices;

namespace Engine.Serialization.IO;

/// <summary>
/// The C library's numbers that differ between the Unix systems the engine runs on (checked against each system's
/// headers: Linux's asm-generic and arm64 fcntl.h, Apple's sys/fcntl.h and sys/errno.h, FreeBSD's); the ones every
/// system shares are <see cref="Posix"/>'s constants.
/// </summary>
/// <param name="Name">The system, for messages and tests.</param>
/// <param name="OpenNoFollow">O_NOFOLLOW: open refuses a symbolic link at the path's last component.</param>
/// <param name="OpenCloseOnExec">O_CLOEXEC, so a game's child processes don't inherit (and keep holding) a slot's lock.</param>
/// <param name="WouldBlock">EWOULDBLOCK: flock with LOCK_NB on a file another open holds.</param>
/// <param name="FollowRefused">What open with O_NOFOLLOW fails with on a link: ELOOP, or EMLINK on FreeBSD.</param>
internal sealed record PosixNumbers(string Name, int OpenNoFollow, int OpenCloseOnExec, int WouldBlock, int FollowRefused)
{
    /// <summary>Linux (and Android) on x64, x86 and most others.</summary>
    public static readonly PosixNumbers Linux = new("Linux", 0x20000, 0x80000, 11, 40);

    /// <summary>Linux on arm, arm64 and ppc64le, whose fcntl.h swaps O_NOFOLLOW with O_DIRECTORY.</summary>
    public static readonly PosixNumbers LinuxArm = Linux with { Name = "Linux on arm", OpenNoFollow = 0x8000 };

    /// <summary>macOS, iOS, tvOS and Mac Catalyst.</summary>
    public static readonly PosixNumbers Apple = new("Apple", 0x100, 0x1000000, 35, 62);

    public static readonly PosixNumbers FreeBsd = new("FreeBSD", 0x100, 0x100000, 35, 31);

    /// <summary>This system's, or null where there is no C library to call (Windows).</summary>
    public static PosixNumbers? Current { get; } =
        OperatingSystem.IsLinux() || OperatingSystem.IsAndroid()
            ? RuntimeInformation.ProcessArchitecture is Architecture.Arm or Architecture.Arm64 or Architecture.Ppc64le ? LinuxArm : Linux
            : Platforms.IsApple ? Apple
            : OperatingSystem.IsFreeBSD() ? FreeBsd
            : null;
}

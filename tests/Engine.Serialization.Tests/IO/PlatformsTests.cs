using System.Runtime.InteropServices;
using Engine.Serialization.IO;

namespace Engine.Serialization.Tests.IO;

/// <summary>
/// The per-OS choices (<see cref="Platforms"/>), each branch where it can run: Linux natively, Windows under Wine
/// (build/test-windows.sh), Linux on ARM64 under qemu. Apple's durability runs on any Unix: where F_FULLFSYNC is no
/// fcntl command (Linux), its fsync fallback is what runs. Each system's error numbers are checked as data against the
/// values of its headers. The file status, the opening and the memory populating have theirs in FileStatusTests,
/// NoFollowOpeningTests and FreshMemoryTests.
/// </summary>
public sealed class PlatformsTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("engine-platforms-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Fact]
    public void Platforms_OnThisSystem_AreItsImplementations()
    {
        if (OperatingSystem.IsWindows())
        {
            Assert.Null(PosixNumbers.Current);
            Assert.IsType<WindowsDurability>(Platforms.Durability);
            Assert.IsType<ShareModeLocking>(Platforms.Locking);
            Assert.IsType<WindowsErrorCodes>(Platforms.Errors);
            Assert.IsType<WindowsContention>(Platforms.Contention);
            Assert.IsType<HardLinkThenRenameReplacing>(Platforms.Replacing);
            Assert.IsType<WindowsFileStatus>(Platforms.FileStatus);
            Assert.IsType<WindowsCheckedOpening>(Platforms.Opening);
            Assert.IsType<NoMemoryPopulating>(Platforms.MemoryPopulating);
        }
        else if (Platforms.IsApple)
        {
            Assert.Same(PosixNumbers.Apple, PosixNumbers.Current);
            Assert.IsType<AppleDurability>(Platforms.Durability);
            Assert.IsType<FlockLocking>(Platforms.Locking);
            Assert.IsType<PosixErrorCodes>(Platforms.Errors);
            Assert.IsType<NoContention>(Platforms.Contention);
            Assert.IsType<LinkThenRenameReplacing>(Platforms.Replacing);
            Assert.IsType<AppleFileStatus>(Platforms.FileStatus);
            Assert.IsType<PosixNoFollowOpening>(Platforms.Opening);
            Assert.IsType<NoMemoryPopulating>(Platforms.MemoryPopulating);
        }
        else
        {
            Assert.True(OperatingSystem.IsLinux(), "the tests run on Linux, Windows or Apple's systems");
            Assert.Same(RuntimeInformation.ProcessArchitecture == Architecture.Arm64 ? PosixNumbers.LinuxArm : PosixNumbers.Linux, PosixNumbers.Current);
            Assert.IsType<PosixDurability>(Platforms.Durability);
            Assert.IsType<FlockLocking>(Platforms.Locking);
            Assert.IsType<PosixErrorCodes>(Platforms.Errors);
            Assert.IsType<NoContention>(Platforms.Contention);
            Assert.IsType<LinkThenRenameReplacing>(Platforms.Replacing);
            Assert.IsType<StatxFileStatus>(Platforms.FileStatus);
            Assert.IsType<PosixNoFollowOpening>(Platforms.Opening);
            Assert.IsType<MadvisePopulating>(Platforms.MemoryPopulating);
        }
    }

    [Fact]
    public void Durability_OfThisSystem_FlushesAFileAndItsFolder_AndReportsAMissingFolderWhereItFlushesFolders()
    {
        Flush(Platforms.Durability);

        string missing = Path.Combine(_folder, "missing");
        if (OperatingSystem.IsWindows())
        {
            Platforms.Durability.FlushFolder(missing); // NTFS's journal keeps renames: there is no folder to open
        }
        else
        {
            Assert.ThrowsAny<IOException>(() => Platforms.Durability.FlushFolder(missing));
        }
    }

    [Fact]
    public void AppleDurability_OnAnyUnix_FlushesAFileAndItsFolder_ByFullFSyncOrItsFsyncFallback()
    {
        if (OperatingSystem.IsWindows())
        {
            Assert.Throws<DllNotFoundException>(() => Flush(new AppleDurability())); // no C library: never chosen there
            return;
        }

        Flush(new AppleDurability());
        Assert.ThrowsAny<IOException>(() => new AppleDurability().FlushFolder(Path.Combine(_folder, "missing")));
    }

    [Fact]
    public void Locking_OfThisSystem_RefusesASecondHolder_UntilTheFirstLetsGo()
    {
        string lockPath = Path.Combine(_folder, "slot.sav.lock");
        using (var first = Platforms.Locking.TryOpenLocked(lockPath, Platforms.Opening.OpenOrCreate))
        {
            Assert.NotNull(first);
            Assert.Null(Platforms.Locking.TryOpenLocked(lockPath, Platforms.Opening.OpenOrCreate));
        }

        using var next = Platforms.Locking.TryOpenLocked(lockPath, Platforms.Opening.OpenOrCreate);
        Assert.NotNull(next);
    }

    [Fact]
    public void WindowsContention_RetriesWhileAnotherOpenIsInTheWay_AndReportsAnyOtherRefusalAtOnce()
    {
        var contention = new WindowsContention();
        int attempts = 0;
        contention.Retry(
            () =>
            {
                if (++attempts < 3)
                {
                    throw new IOException("in use", unchecked((int)0x80070020)); // ERROR_SHARING_VIOLATION
                }
            },
            deniedIsBusy: false);
        Assert.Equal(3, attempts);

        attempts = 0;
        Assert.Throws<UnauthorizedAccessException>(() => contention.Retry(() => { attempts++; throw new UnauthorizedAccessException(); }, deniedIsBusy: false));
        Assert.Equal(1, attempts);

        attempts = 0;
        Assert.Throws<UnauthorizedAccessException>(() => contention.Retry(() => { attempts++; throw new UnauthorizedAccessException(); }, deniedIsBusy: true));
        Assert.True(attempts > 1, "a rename refused as denied is tried again for a while");
    }

    public static TheoryData<string, int, string> Codes() => new()
    {
        { "Linux", 40, nameof(RefusalKind.Link) },
        { "Linux", 62, nameof(RefusalKind.Other) },
        { "Linux", 28, nameof(RefusalKind.DiskFull) },
        { "Linux", 30, nameof(RefusalKind.ReadOnly) },
        { "Linux on arm", 40, nameof(RefusalKind.Link) },
        { "Apple", 62, nameof(RefusalKind.Link) },
        { "Apple", 40, nameof(RefusalKind.Other) },
        { "Apple", 28, nameof(RefusalKind.DiskFull) },
        { "Apple", 13, nameof(RefusalKind.Denied) },
        { "FreeBSD", 31, nameof(RefusalKind.Link) },
        { "FreeBSD", 62, nameof(RefusalKind.Other) },
        { "Windows", unchecked((int)0x80070070), nameof(RefusalKind.DiskFull) },
        { "Windows", unchecked((int)0x80070027), nameof(RefusalKind.DiskFull) },
        { "Windows", unchecked((int)0x80070013), nameof(RefusalKind.ReadOnly) },
        { "Windows", unchecked((int)0x8007010B), nameof(RefusalKind.NotAFolder) },
        { "Windows", 28, nameof(RefusalKind.Other) },
    };

    [Theory]
    [MemberData(nameof(Codes))]
    public void ErrorCodes_OfEachSystem_MeanWhatItsHeadersSay(string system, int code, string kind)
    {
        IErrorCodes codes = system == "Windows"
            ? new WindowsErrorCodes()
            : new PosixErrorCodes(new[] { PosixNumbers.Linux, PosixNumbers.LinuxArm, PosixNumbers.Apple, PosixNumbers.FreeBsd }.Single(numbers => numbers.Name == system));

        Assert.Equal(kind, codes.KindOf(code).ToString());
    }

    [Fact]
    public void PosixNumbers_OfEachSystem_AreItsHeadersValues()
    {
        // Linux: asm-generic/fcntl.h and, for arm64, asm/fcntl.h; errno 11 and 40. Apple: sys/fcntl.h, sys/errno.h
        // (EAGAIN 35, ELOOP 62). FreeBSD: sys/fcntl.h, and EMLINK 31 for a link open refuses.
        Assert.Equal(("Linux", 0x20000, 0x80000, 11, 40), Values(PosixNumbers.Linux));
        Assert.Equal(("Linux on arm", 0x8000, 0x80000, 11, 40), Values(PosixNumbers.LinuxArm));
        Assert.Equal(("Apple", 0x100, 0x1000000, 35, 62), Values(PosixNumbers.Apple));
        Assert.Equal(("FreeBSD", 0x100, 0x100000, 35, 31), Values(PosixNumbers.FreeBsd));
    }

    private static (string, int, int, int, int) Values(PosixNumbers numbers) =>
        (numbers.Name, numbers.OpenNoFollow, numbers.OpenCloseOnExec, numbers.WouldBlock, numbers.FollowRefused);

    private void Flush(IDurability durability)
    {
        string path = Path.Combine(_folder, "flushed");
        using (var file = File.OpenHandle(path, FileMode.Create, FileAccess.Write))
        {
            RandomAccess.Write(file, "saved"u8, 0);
            durability.FlushFile(file);
        }

        durability.FlushFolder(_folder);
        Assert.Equal("saved"u8.ToArray(), File.ReadAllBytes(path));
    }
}

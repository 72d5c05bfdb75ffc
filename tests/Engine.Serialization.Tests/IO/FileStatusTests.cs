using System.Runtime.InteropServices;
using Engine.Serialization.IO;
using Engine.Testing;

namespace Engine.Serialization.Tests.IO;

/// <summary>
/// Each system's <see cref="IFileStatus"/>, where it can run: statx on Linux, GetFileInformationByHandle under Wine,
/// .NET's attributes everywhere. Apple's fstat runs only on Apple's systems; elsewhere its calls are checked to find no
/// such function. Wine 8 makes no symbolic links, so the links are checked off Windows.
/// </summary>
public sealed class FileStatusTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("engine-file-status-").FullName;

    public FileStatusTests()
    {
        File.WriteAllBytes(InFolder("save"), [1, 2, 3]);
        Directory.CreateDirectory(InFolder("folder"));
        if (!OperatingSystem.IsWindows())
        {
            File.CreateSymbolicLink(InFolder("link to folder"), InFolder("folder"));
        }
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    private string InFolder(string name) => Path.Combine(_folder, name);

    [Theory]
    [InlineData(nameof(AppleFileStatus))]
    [InlineData(nameof(WindowsFileStatus))]
    [InlineData(nameof(AttributesFileStatus))]
    public void KindOfAPath_FromDotNetsAttributes_TellsFoldersLinksAndMissingEntries_OnAnySystem(string name)
    {
        IFileStatus status = name switch
        {
            nameof(AppleFileStatus) => new AppleFileStatus(),
            nameof(WindowsFileStatus) => new WindowsFileStatus(),
            _ => new AttributesFileStatus(),
        };

        Assert.Equal(EntryKind.Unknown, status.KindOf(InFolder("save"), followLinks: false)); // a file, or a pipe or device
        Assert.Equal(EntryKind.Folder, status.KindOf(InFolder("folder"), followLinks: false));
        Assert.Equal(EntryKind.Missing, status.KindOf(InFolder("missing"), followLinks: true));
        if (!OperatingSystem.IsWindows())
        {
            Assert.Equal(EntryKind.Link, status.KindOf(InFolder("link to folder"), followLinks: false));
            Assert.Equal(EntryKind.Folder, status.KindOf(InFolder("link to folder"), followLinks: true));
        }
    }

    [Fact]
    public void StatxFileStatus_TellsEveryKindAtAPath_AndOfAnOpenFile_AndCountsItsNames_OnLinux()
    {
        var status = new StatxFileStatus();
        if (OperatingSystem.IsWindows())
        {
            Assert.Throws<DllNotFoundException>(() => status.KindOf(InFolder("save"), followLinks: false)); // never chosen there
            return;
        }

        if (!OperatingSystem.IsLinux())
        {
            // A C library without statx: .NET's attributes for a path, no answer for an open file.
            Assert.Equal(EntryKind.Unknown, status.KindOf(InFolder("save"), followLinks: false));
            using var file = File.OpenHandle(InFolder("save"));
            Assert.Equal((EntryKind.Unknown, -1), (status.KindOf(file), status.LinkCount(file)));
            return;
        }

        HardLinks.Run("mkfifo", InFolder("pipe"));
        Assert.Equal(EntryKind.File, status.KindOf(InFolder("save"), followLinks: false));
        Assert.Equal(EntryKind.Folder, status.KindOf(InFolder("folder"), followLinks: false));
        Assert.Equal(EntryKind.Link, status.KindOf(InFolder("link to folder"), followLinks: false));
        Assert.Equal(EntryKind.Folder, status.KindOf(InFolder("link to folder"), followLinks: true));
        Assert.Equal(EntryKind.Pipe, status.KindOf(InFolder("pipe"), followLinks: false));
        Assert.Equal(EntryKind.Device, status.KindOf("/dev/null", followLinks: true));
        Assert.Equal(EntryKind.Missing, status.KindOf(InFolder("missing"), followLinks: false));
        AssertCountsNames(status, EntryKind.File);
    }

    [Fact]
    public void WindowsFileStatus_CountsAnOpenFilesNames_OnWindows_AndTellsNotItsKind()
    {
        var status = new WindowsFileStatus();
        if (!OperatingSystem.IsWindows())
        {
            using var file = File.OpenHandle(InFolder("save"));
            Assert.Equal(EntryKind.Unknown, status.KindOf(file));
            Assert.Throws<DllNotFoundException>(() => status.LinkCount(file)); // no kernel32: never chosen there
            return;
        }

        AssertCountsNames(status, EntryKind.Unknown);
    }

    [Fact]
    public void AppleFileStatus_TellsAnOpenFilesKindAndNames_OnApplesSystems_AndFindsNoSuchCallElsewhere()
    {
        var status = new AppleFileStatus();
        if (Platforms.IsApple)
        {
            AssertCountsNames(status, EntryKind.File);
            return;
        }

        using var file = File.OpenHandle(InFolder("save"));
        if (OperatingSystem.IsWindows())
        {
            Assert.Throws<DllNotFoundException>(() => status.LinkCount(file));
        }
        else if (RuntimeInformation.ProcessArchitecture == Architecture.X64)
        {
            Assert.Throws<EntryPointNotFoundException>(() => status.KindOf(file)); // fstat$INODE64 is Apple's name
        }
        else
        {
            // Elsewhere glibc's fstat would answer, in another layout: only the path's kind, from .NET's attributes, is Apple's.
            Assert.Equal(EntryKind.Folder, status.KindOf(InFolder("folder"), followLinks: false));
        }
    }

    [Fact]
    public void AttributesFileStatus_CannotTellAnOpenFilesKindOrNames_SoTheEngineWritesNoFileInPlace()
    {
        var status = new AttributesFileStatus();
        using var file = File.OpenHandle(InFolder("save"));

        Assert.Equal(EntryKind.Unknown, status.KindOf(file));
        Assert.Equal(-1, status.LinkCount(file));
    }

    [Fact]
    public void FileStatus_OfThisSystem_CountsEveryNameOfAFile()
    {
        using (var file = Platforms.Opening.OpenOrCreate(InFolder("a"), FileShare.None))
        {
            Assert.Equal(1, Platforms.FileStatus.LinkCount(file));
        }

        HardLinks.Create(InFolder("a"), InFolder("b"));
        using var linked = Platforms.Opening.OpenExisting(InFolder("a"), FileShare.None);

        Assert.Equal(2, Platforms.FileStatus.LinkCount(linked));
    }

    private void AssertCountsNames(IFileStatus status, EntryKind openFileKind)
    {
        using (var file = File.OpenHandle(InFolder("save")))
        {
            Assert.Equal(openFileKind, status.KindOf(file));
            Assert.Equal(1, status.LinkCount(file));
        }

        HardLinks.Create(InFolder("save"), InFolder("second name"));
        using var linked = File.OpenHandle(InFolder("save"));
        Assert.Equal(2, status.LinkCount(linked));
    }
}

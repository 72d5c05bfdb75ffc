using Engine.Serialization.IO;
using Engine.Testing;

namespace Engine.Serialization.Tests.IO;

/// <summary>The files a save folder keeps and the engine writes in place are opened as the folder's own, never through a link.</summary>
public sealed class NoFollowFileTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("engine-no-follow-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    private string InFolder(string name) => Path.Combine(_folder, name);

    [Fact]
    public void OpenOrCreate_OfALinkToNothing_IsRefused_AndCreatesNothing()
    {
        File.CreateSymbolicLink(InFolder("slot.sav.lock"), InFolder("created elsewhere"));

        var error = Assert.Throws<NotAFileException>(() => NoFollowFile.OpenOrCreate(InFolder("slot.sav.lock"), FileShare.None));

        Assert.Equal(EntryKind.Link, error.Kind);
        Assert.False(File.Exists(InFolder("created elsewhere")));
    }

    [Fact]
    public void OpenExisting_OfALinkToAFile_OrAFolder_IsRefusedSayingWhichItIs()
    {
        File.WriteAllBytes(InFolder("target"), [1, 2, 3]);
        File.CreateSymbolicLink(InFolder("link"), InFolder("target"));
        Directory.CreateDirectory(InFolder("folder"));

        Assert.Equal(EntryKind.Link, Assert.Throws<NotAFileException>(() => NoFollowFile.OpenExisting(InFolder("link"), FileShare.None)).Kind);
        Assert.Equal(EntryKind.Folder, Assert.Throws<NotAFileException>(() => NoFollowFile.OpenOrCreate(InFolder("folder"), FileShare.None)).Kind);
        Assert.Throws<FileNotFoundException>(() => NoFollowFile.OpenExisting(InFolder("missing"), FileShare.None));
    }

    [Fact]
    public void LinkCount_CountsEveryNameOfTheFile()
    {
        using (var file = NoFollowFile.OpenOrCreate(InFolder("a"), FileShare.None))
        {
            Assert.Equal(1, NoFollowFile.LinkCount(file));
        }

        HardLinks.Create(InFolder("a"), InFolder("b"));
        using var linked = NoFollowFile.OpenExisting(InFolder("a"), FileShare.None);

        Assert.Equal(2, NoFollowFile.LinkCount(linked));
    }
}

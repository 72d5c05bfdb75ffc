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
    public void OpenOrCreate_FromThreadsRacingToMakeTheFile_OpensItInEach()
    {
        // One finds nothing and the other makes it before the first can: the first must open what the other made.
        const int Rounds = 300;
        const int Racers = 4;
        var failures = new System.Collections.Concurrent.ConcurrentBag<Exception>();
        for (int round = 0; round < Rounds; round++)
        {
            string path = InFolder($"race-{round}.lock");
            using var start = new Barrier(Racers);
            var racers = Enumerable.Range(0, Racers).Select(_ => new Thread(() =>
            {
                start.SignalAndWait();
                try
                {
                    NoFollowFile.OpenOrCreate(path, FileShare.ReadWrite).Dispose();
                }
#pragma warning disable CA1031 // Whatever a racer throws is the failure this test exists to find.
                catch (Exception e)
#pragma warning restore CA1031
                {
                    failures.Add(e);
                }
            })).ToList();
            racers.ForEach(thread => thread.Start());
            racers.ForEach(thread => thread.Join());
        }

        Assert.True(failures.IsEmpty, $"{failures.Count} of {Rounds * Racers} opens failed, for example: {failures.FirstOrDefault()}");
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

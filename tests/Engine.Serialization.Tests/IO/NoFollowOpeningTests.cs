using Engine.Serialization.IO;
using Engine.Testing;

namespace Engine.Serialization.Tests.IO;

/// <summary>The files a save folder keeps and the engine writes in place are opened as the folder's own, never through a link.</summary>
public sealed class NoFollowOpeningTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("engine-no-follow-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    private string InFolder(string name) => Path.Combine(_folder, name);

    [Fact]
    public void OpenOrCreate_OfALinkToNothing_IsRefused_AndCreatesNothing()
    {
        File.CreateSymbolicLink(InFolder("slot.sav.lock"), InFolder("created elsewhere"));

        var error = Assert.Throws<NotAFileException>(() => Platforms.Opening.OpenOrCreate(InFolder("slot.sav.lock"), FileShare.None));

        Assert.Equal(EntryKind.Link, error.Kind);
        Assert.False(File.Exists(InFolder("created elsewhere")));
    }

    [Fact]
    public void OpenExisting_OfALinkToAFile_OrAFolder_IsRefusedSayingWhichItIs()
    {
        File.WriteAllBytes(InFolder("target"), [1, 2, 3]);
        File.CreateSymbolicLink(InFolder("link"), InFolder("target"));
        Directory.CreateDirectory(InFolder("folder"));

        Assert.Equal(EntryKind.Link, Assert.Throws<NotAFileException>(() => Platforms.Opening.OpenExisting(InFolder("link"), FileShare.None)).Kind);
        Assert.Equal(EntryKind.Folder, Assert.Throws<NotAFileException>(() => Platforms.Opening.OpenOrCreate(InFolder("folder"), FileShare.None)).Kind);
        Assert.Throws<FileNotFoundException>(() => Platforms.Opening.OpenExisting(InFolder("missing"), FileShare.None));
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
                    Platforms.Opening.OpenOrCreate(path, FileShare.ReadWrite).Dispose();
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
    public void WindowsCheckedOpening_OnAnySystem_RefusesALinkOrFolderFoundBeforeTheOpen_AndOpensOrMakesAFile()
    {
        var opening = new WindowsCheckedOpening();
        Directory.CreateDirectory(InFolder("folder"));

        using (var made = opening.OpenOrCreate(InFolder("lock"), FileShare.None))
        {
            RandomAccess.Write(made, "held"u8, 0);
        }

        using (var opened = opening.OpenExisting(InFolder("lock"), FileShare.None))
        {
            Assert.Equal(4, RandomAccess.GetLength(opened));
        }

        Assert.Equal(EntryKind.Folder, Assert.Throws<NotAFileException>(() => opening.OpenOrCreate(InFolder("folder"), FileShare.None)).Kind);
        Assert.Throws<FileNotFoundException>(() => opening.OpenExisting(InFolder("missing"), FileShare.None));
        if (!OperatingSystem.IsWindows()) // Wine 8's CreateSymbolicLink makes nothing
        {
            File.CreateSymbolicLink(InFolder("link"), InFolder("created elsewhere"));
            Assert.Equal(EntryKind.Link, Assert.Throws<NotAFileException>(() => opening.OpenOrCreate(InFolder("link"), FileShare.None)).Kind);
            Assert.False(File.Exists(InFolder("created elsewhere")));
        }
    }

    [Fact]
    public void PosixNoFollowOpening_OfAPipe_RefusesItSayingWhatItIs_AsItsFileStatusTellsIt()
    {
        if (OperatingSystem.IsWindows())
        {
            // No C library to open with: never chosen there.
            Assert.Throws<DllNotFoundException>(() => new PosixNoFollowOpening(PosixNumbers.Linux, new AttributesFileStatus()).OpenOrCreate(InFolder("lock"), FileShare.None));
            return;
        }

        HardLinks.Run("mkfifo", InFolder("pipe"));
        var opening = new PosixNoFollowOpening(PosixNumbers.Current!, Platforms.FileStatus);

        Assert.Equal(EntryKind.Pipe, Assert.Throws<NotAFileException>(() => opening.OpenExisting(InFolder("pipe"), FileShare.None)).Kind);
    }
}

using Engine.Core.Model;
using Engine.Serialization.Container;
using Engine.Serialization.Slots;
using Engine.Testing;

namespace Engine.Serialization.Tests.Slots;

public sealed class SaveSlotStoreTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("engine-slots-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    private SaveSlotStore<GameContent> Store(SaveOptions? options = null) => new(_folder, options);

    private static GameContent Game(ulong seed) => ContentGenerator.Create(ContentSize.Small, seed);

    [Fact]
    public void Save_ThenLoad_GivesEqualContent()
    {
        var store = Store();
        var content = Game(1);

        store.Save("slot 1", content);

        GraphAssert.Equal(content, store.Load("slot 1").Content);
        Assert.True(store.Exists("SLOT 1"));
        Assert.Equal(Path.Combine(_folder, "slot 1.sav"), store.PathOf("Slot 1"));
    }

    [Theory]
    [InlineData("")]
    [InlineData("   ")]
    [InlineData("new\nline")]
    [InlineData("tab\there")]
    public void AnyOperation_NameNoSlotMayHave_ThrowsArgumentException(string slot)
    {
        var store = Store();

        Assert.Throws<ArgumentException>(() => store.Save(slot, Game(1)));
        Assert.Throws<ArgumentException>(() => store.Load(slot));
        Assert.Throws<ArgumentException>(() => store.Delete(slot));
        Assert.Throws<ArgumentException>(() => store.Save(new string('x', 101), Game(1)));
        Assert.Throws<ArgumentException>(() => store.Save("half \ud83d of a character", Game(1))); // xUnit would mend it as InlineData
        Assert.Empty(Directory.GetFileSystemEntries(_folder));
    }

    [Theory]
    [InlineData("Chapter 2: The Cave")]
    [InlineData("../escape")]
    [InlineData("../../etc/passwd")]
    [InlineData("a/b")]
    [InlineData("a\\b")]
    [InlineData(".hidden")]
    [InlineData("trailing.")]
    [InlineData("C:evil")]
    [InlineData("two..dots")]
    [InlineData("ünicode")]
    [InlineData("セーブ 1")]
    [InlineData("Глава 2")]
    [InlineData("\ud83d\ude00 party")]
    [InlineData("con")]
    [InlineData("NUL.txt")]
    [InlineData("~")]
    public void AnyNameAPlayerTypes_SavesInTheFolder_LoadsBack_AndIsListedAsTyped(string slot)
    {
        var store = Store();
        var content = Game(1);

        store.Save(slot, content);

        string file = Path.GetFileName(store.PathOf(slot));
        Assert.Equal(_folder, Path.GetDirectoryName(store.PathOf(slot)));
        Assert.Matches(@"^[a-z0-9][a-z0-9 _.~-]*\.sav$", file);
        Assert.DoesNotMatch(@"^(con|prn|aux|nul|com\d|lpt\d)(\.|$)", file);
        Assert.Equal([file, file + SaveSlotStore.LockExtension], Directory.GetFileSystemEntries(_folder).Select(Path.GetFileName).Order());
        GraphAssert.Equal(content, store.Load(slot).Content);
        var listed = Assert.Single(store.List());
        Assert.Equal(slot, listed.Name);
        Assert.Equal(slot, listed.Info!.Metadata.SlotName);
        Assert.True(store.Delete(slot));
        Assert.False(store.Exists(slot));
    }

    [Fact]
    public void TypedNames_DifferingOnlyByCase_AreOneSlot_AndTheListShowsTheLastSpelling()
    {
        var store = Store();

        store.Save("Chapter 2: The Cave", Game(1));
        store.Save("CHAPTER 2: the cave", Game(2));

        Assert.Equal(Path.Combine(_folder, "chapter 2-the cave~4b0db41bd5e9fc6b.sav"), store.PathOf("chapter 2: THE CAVE")); // saves on disk depend on it never changing
        Assert.Equal("CHAPTER 2: the cave", Assert.Single(store.List()).Name);
        GraphAssert.Equal(Game(2), store.Load("Chapter 2: The Cave").Content);
        GraphAssert.Equal(Game(1), SaveSerializer.LoadFromFile<GameContent>(store.BackupPathOf("chapter 2: the cave")));
    }

    [Fact]
    public void TypedNames_ThatShareTheirReadablePart_AreSeparateSlots()
    {
        var store = Store();

        store.Save("a:b", Game(1));
        store.Save("a/b", Game(2));
        store.Save("a?b", Game(3));

        Assert.Equal(3, new[] { "a:b", "a/b", "a?b" }.Select(store.PathOf).Distinct().Count());
        Assert.Equal(["a/b", "a:b", "a?b"], store.List().Select(s => s.Name).Order(StringComparer.Ordinal));
        GraphAssert.Equal(Game(1), store.Load("a:b").Content);
        GraphAssert.Equal(Game(2), store.Load("a/b").Content);
        GraphAssert.Equal(Game(3), store.Load("a?b").Content);
    }

    [Fact]
    public void PlainNames_KeepTheFileNamesSavesHadBeforeTypedNames_AndSavesWithoutARecordedName_AreListedByFile()
    {
        var store = Store();
        SaveSerializer.SaveToFile(Path.Combine(_folder, "chapter-1.sav"), Game(1)); // as a save made before slots recorded their names

        store.Save("Chapter 3", Game(3));

        Assert.Equal(Path.Combine(_folder, "chapter 3.sav"), store.PathOf("Chapter 3"));
        Assert.Equal(["Chapter 3", "chapter-1"], store.List().Select(s => s.Name));
        GraphAssert.Equal(Game(1), store.Load("Chapter-1").Content);
    }

    [Fact]
    public void EveryListedName_LoadsItsSlot_EvenADamagedOneWhoseNameOnlyItsBackupRecords_OrAFileCopiedByHand()
    {
        var store = Store();
        store.Save("Chapter 2: The Cave", Game(1));
        store.Save("Chapter 2: The Cave", Game(2));
        File.WriteAllBytes(store.PathOf("Chapter 2: The Cave"), [.. File.ReadAllBytes(store.PathOf("Chapter 2: The Cave")).Take(20)]);
        File.Copy(store.BackupPathOf("Chapter 2: The Cave"), Path.Combine(_folder, "copy.sav"));
        store.Save("日本語", Game(3));
        File.Delete(store.BackupPathOf("日本語"));
        File.WriteAllBytes(store.PathOf("日本語"), [.. File.ReadAllBytes(store.PathOf("日本語")).Take(20)]);

        var slots = store.List();

        Assert.Equal(["Chapter 2: The Cave", "copy", Path.GetFileNameWithoutExtension(store.PathOf("日本語"))], slots.Select(s => s.Name).Order(StringComparer.Ordinal));
        Assert.Equal(Directory.GetFiles(_folder, "*.sav").Order(), slots.Select(slot => store.PathOf(slot.Name)).Order());
        var recovered = store.Load("Chapter 2: The Cave");
        Assert.True(recovered.RecoveredFromBackup);
        GraphAssert.Equal(Game(1), recovered.Content);
        GraphAssert.Equal(Game(1), store.Load("copy").Content);
        string unnamed = slots.Single(s => s.Name.Contains('~', StringComparison.Ordinal)).Name;
        Assert.Equal(store.PathOf("日本語"), store.PathOf(unnamed));
        Assert.Throws<SaveCorruptedException>(() => store.Load(unnamed));
    }

    [Fact]
    public void TheSlotNameAGamePassesInItsMetadata_IsReplacedByTheSlots()
    {
        var store = Store();

        store.Save("Real Name: 1", Game(1), new SaveMetadata { Title = "t", SlotName = "../somewhere else" });

        Assert.Equal("Real Name: 1", Assert.Single(store.List()).Name);
        Assert.Equal("Real Name: 1", SaveSerializer.ReadPayload(File.ReadAllBytes(store.PathOf("real name: 1"))).Info.Metadata.SlotName);
    }

    /// <summary>The list a player sees: a game that passes only a thumbnail keeps the title, play time and time stamp it would have had.</summary>
    [Fact]
    public async Task MetadataGivingOnlyAThumbnail_IsMergedWithTheGames_InTheSlotList()
    {
        var store = Store();
        var content = Game(1);
        content.PlayTimeSeconds = 4521.25;
        var before = DateTime.UtcNow.AddSeconds(-1);

        store.Save("Chapter 2: The Cave", content, new SaveMetadata { Thumbnail = [1, 2, 3] });
        await store.SaveAsync("quicksave", content, new SaveMetadata { Thumbnail = [4, 5] });

        Assert.All(store.List(), slot =>
        {
            Assert.Equal((content.Title, 4521.25), (slot.Info!.Metadata.Title, slot.Info.Metadata.PlayTimeSeconds));
            Assert.InRange(slot.Info.Metadata.SavedAtUtc, before, DateTime.UtcNow.AddSeconds(1));
            Assert.Equal(slot.Name == "quicksave" ? 2 : 3, slot.Info.ThumbnailLength);
        });
        Assert.Equal([1, 2, 3], store.ReadThumbnail("Chapter 2: The Cave"));
        Assert.Equal(2, store.List().Count);
    }

    [Fact]
    public void Load_EmptySlot_ThrowsSaveIOExceptionNamingTheSlot()
    {
        var error = Assert.Throws<SaveIOException>(() => Store().Load("nothing-here"));

        Assert.Contains("nothing-here", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Delete_RemovesTheSlot_AndReportsWhetherThereWasOne()
    {
        var store = Store();
        store.Save("doomed", Game(1));

        Assert.True(store.Delete("doomed"));
        Assert.False(store.Delete("doomed"));
        Assert.False(store.Exists("doomed"));
    }

    [Fact]
    public async Task SaveAsync_ManyCallsToOneSlot_LeaveExactlyTheLastOnesContent()
    {
        var store = Store(new SaveOptions { Compression = SaveCompression.Lz4 });
        var games = Enumerable.Range(1, 24).Select(i => ContentGenerator.Create(i % 4 == 0 ? ContentSize.Medium : ContentSize.Small, (ulong)i)).ToList();

        var saves = games.Select(game => store.SaveAsync("contested", game)).ToList();
        await Task.WhenAll(saves);

        GraphAssert.Equal(games[^1], store.Load("contested").Content);
        GraphAssert.Equal(games[^2], SaveSerializer.LoadFromFile<GameContent>(store.BackupPathOf("contested")));
        Assert.Equal(
            [store.PathOf("contested"), store.BackupPathOf("contested"), store.PathOf("contested") + SaveSlotStore.LockExtension],
            Directory.GetFileSystemEntries(_folder).Order(StringComparer.Ordinal));
    }

    [Fact]
    public async Task SaveAsync_SnapshotsOnTheCallersThread_SoLaterChangesDoNotLeakIn()
    {
        var store = Store();
        var content = Game(1);
        var expected = Game(1);

        var save = store.SaveAsync("snapshot", content);
        content.Player.Score = -1;
        content.Rooms.Clear();
        await save;

        GraphAssert.Equal(expected, store.Load("snapshot").Content);
    }

    [Fact]
    public async Task SaveAsync_ToManySlotsAtOnce_EachSlotGetsItsOwnLastContent()
    {
        var store = Store();
        var work = Enumerable.Range(0, 8).Select(slot => Task.Run(async () =>
        {
            for (int round = 0; round < 3; round++)
            {
                await store.SaveAsync($"slot-{slot}", Game((ulong)((slot * 10) + round)));
            }
        }));

        await Task.WhenAll(work);

        for (int slot = 0; slot < 8; slot++)
        {
            GraphAssert.Equal(Game((ulong)((slot * 10) + 2)), store.Load($"slot-{slot}").Content);
        }
    }

    [Fact]
    public async Task SaveAsync_WhenTheWriteFails_TheCallerSeesTheFailure()
    {
        string notAFolder = Path.Combine(_folder, "file");
        await File.WriteAllTextAsync(notAFolder, "in the way");
        var store = new SaveSlotStore<GameContent>(notAFolder);

        await Assert.ThrowsAsync<SaveIOException>(() => store.SaveAsync("slot", Game(1)));
    }

    [Fact]
    public async Task Load_WhileASaveIsBeingWritten_WaitsForIt()
    {
        var store = Store(new SaveOptions { Compression = SaveCompression.Lz4, Lz4Level = Lz4Level.Max });
        var content = ContentGenerator.Create(ContentSize.Medium);

        var save = store.SaveAsync("busy", content);
        var loaded = store.Load("busy").Content;

        await save;
        GraphAssert.Equal(content, loaded);
    }

    [Fact]
    public void List_ShowsEverySlotNewestFirst_WithDamagedOnesMarked()
    {
        var store = Store();
        store.Save("old", Game(1), Metadata("Old", 1));
        store.Save("new", Game(2), Metadata("New", 2));
        store.Save("broken", Game(3), Metadata("Broken", 3));
        File.WriteAllBytes(store.PathOf("broken"), [.. File.ReadAllBytes(store.PathOf("broken")).Take(20)]);
        File.WriteAllText(Path.Combine(_folder, "notes.txt"), "not a save");
        File.WriteAllText(Path.Combine(_folder, ".new.sav.0123.tmp"), "a crashed save's leftover");

        var slots = store.List();

        Assert.Equal(["new", "old", "broken"], slots.Select(s => s.Name));
        Assert.Equal("New", slots[0].Info!.Metadata.Title);
        Assert.False(slots[2].IsReadable);
        Assert.Contains("header", slots[2].Problem, StringComparison.Ordinal);
    }

    [Fact]
    public void ListAndLoad_APipeNamedLikeASlot_AreRefusedWithoutWaitingForAWriter()
    {
        var store = Store();
        store.Save("real", Game(1), Metadata("Real", 1));
        using (var mkfifo = System.Diagnostics.Process.Start("mkfifo", [store.PathOf("pipe")])!)
        {
            mkfifo.WaitForExit();
            Assert.Equal(0, mkfifo.ExitCode);
        }

        var slots = store.List();
        var error = Assert.Throws<SaveCorruptedException>(() => store.Load("pipe"));

        Assert.Equal(["real", "pipe"], slots.Select(s => s.Name));
        Assert.Contains("is a pipe (FIFO), not a save file", slots[1].Problem, StringComparison.Ordinal);
        Assert.Equal(store.PathOf("pipe"), error.FilePath);
    }

    [Fact]
    public void List_OverAHundredLargeSaves_ReadsOnlyHeadersAndMetadata()
    {
        var prepared = PreparedSave<GameContent>.Prepare(ContentGenerator.Create(ContentSize.Large), Metadata("Large", 0), new SaveOptions { Compression = SaveCompression.Lz4 });
        byte[] save = prepared.ToArray();
        for (int i = 0; i < 100; i++)
        {
            File.WriteAllBytes(Path.Combine(_folder, $"large-{i:D3}.sav"), save);
        }

        long bytesRead = 0;
        var store = new SaveSlotStore<GameContent>(_folder)
        {
            OpenForListing = path => new CountingStream(File.OpenRead(path), read => Interlocked.Add(ref bytesRead, read)),
        };

        var slots = store.List();

        Assert.Equal(100, slots.Count);
        Assert.All(slots, slot => Assert.Equal("Large", slot.Info!.Metadata.Title));
        var info = slots[0].Info!;
        Assert.True(info.Header.PayloadLength > 1_000_000);
        Assert.Equal(100L * (SaveContainer.HeaderSize + info.Header.MetadataLength), bytesRead);
    }

    [Fact]
    public async Task AutosaveAsync_KeepsOnlyTheNewestOnes()
    {
        var store = new SaveSlotStore<GameContent>(_folder) { AutosavesKept = 3 };
        var names = new List<string>();

        for (int i = 1; i <= 5; i++)
        {
            names.Add(await store.AutosaveAsync(Game((ulong)i)));
        }

        Assert.Equal(["autosave-000001", "autosave-000002", "autosave-000003", "autosave-000004", "autosave-000005"], names);
        Assert.Equal(["autosave-000003", "autosave-000004", "autosave-000005"], store.List().Select(s => s.Name).Order());
        GraphAssert.Equal(Game(5), store.Load("autosave-000005").Content);
    }

    [Fact]
    public async Task AutosaveAsync_LeavesOnlyTheKeptSavesAndOneSharedLock()
    {
        // Lock files an earlier version left, one per autosave: the rotation removes those of autosaves it dropped.
        File.WriteAllBytes(Path.Combine(_folder, "autosave-000001.sav.lock"), []);
        File.WriteAllBytes(Path.Combine(_folder, "autosave-000002.sav.lock"), []);
        var store = new SaveSlotStore<GameContent>(_folder) { AutosavesKept = 2 };

        for (int i = 1; i <= 6; i++)
        {
            await store.AutosaveAsync(Game((ulong)i));
        }

        Assert.Equal(
            [SlotFiles.AutosaveLock, "autosave-000005.sav", "autosave-000006.sav"],
            AutosaveSpares.EntriesBesideSpares(_folder, storesWriting: 1, oldestKept: "autosave-000005"));
        GraphAssert.Equal(Game(6), store.Load("autosave-000006").Content);
    }

    [Fact]
    public async Task AutosaveAsync_FromTwoStoresOnOneFolder_NumbersEachAutosaveOnce()
    {
        // Two stores stand for two processes: each knows the folder only from disk and the autosaves' lock.
        var first = new SaveSlotStore<GameContent>(_folder) { AutosavesKept = 3 };
        var second = new SaveSlotStore<GameContent>(_folder) { AutosavesKept = 3 };
        var names = new List<string>();

        for (int i = 1; i <= 8; i++)
        {
            names.Add(await (i % 3 == 0 ? second : first).AutosaveAsync(Game((ulong)i)));
        }

        Assert.Equal(Enumerable.Range(1, 8).Select(i => $"autosave-{i:D6}"), names);
        Assert.Equal(
            [SlotFiles.AutosaveLock, "autosave-000006.sav", "autosave-000007.sav", "autosave-000008.sav"],
            AutosaveSpares.EntriesBesideSpares(_folder, storesWriting: 2, oldestKept: "autosave-000006"));
        GraphAssert.Equal(Game(6), first.Load("autosave-000006").Content);
    }

    [Fact]
    public async Task SaveAsync_ToAnAutosaveName_TakesTheAutosavesLock()
    {
        var store = Store();
        await store.SaveAsync("Autosave-000003", Game(3));

        Assert.Equal(
            [SlotFiles.AutosaveLock, "autosave-000003.sav"],
            Directory.GetFileSystemEntries(_folder).Select(Path.GetFileName).Order(StringComparer.Ordinal));
        Assert.Equal("autosave-000004", await store.AutosaveAsync(Game(4)));
    }

    [Theory]
    [InlineData("Autosave-3")]
    [InlineData("autosave-0000007")]
    [InlineData("autosave-000000")]
    [InlineData("autosave-2147483647")]
    [InlineData("autosave-99999999999")]
    public async Task AutosaveAsync_BesideASlotNamedLikeNoAutosaveTheRotationWrites_LeavesItAndNumbersFromOne(string slot)
    {
        // Counted as an autosave, such a name would never be deleted (the rotation deletes autosave-000003, not
        // autosave-3), and one past int.MaxValue named autosaves "autosave--2147483648", which no listing found again.
        var store = new SaveSlotStore<GameContent>(_folder) { AutosavesKept = 2 };
        await store.SaveAsync(slot, Game(1));

        for (int i = 1; i <= 4; i++)
        {
            Assert.Equal($"autosave-{i:D6}", await store.AutosaveAsync(Game((ulong)i)));
        }

        Assert.Equal(
            new[] { SlotFileName.Of(slot), "autosave-000003", "autosave-000004" }.Order(StringComparer.Ordinal),
            store.List().Select(s => SlotFileName.Of(s.Name)).Order(StringComparer.Ordinal));
        GraphAssert.Equal(Game(1), store.Load(slot).Content);
    }

    [Fact]
    public async Task AutosaveAsync_AfterTheLastNumber_ThrowsSaveIOExceptionAndKeepsEverySave()
    {
        var store = new SaveSlotStore<GameContent>(_folder) { AutosavesKept = 2 };
        await store.SaveAsync($"autosave-{99999999}", Game(1));
        await store.SaveAsync("autosave-000002", Game(2));

        var error = await Assert.ThrowsAsync<SaveIOException>(() => store.AutosaveAsync(Game(3)));

        Assert.Equal($"No autosave number is left: autosave-{99999999} is the last one. Delete or rename it to autosave again.", error.Reason);
        Assert.Equal(store.PathOf($"autosave-{99999999}"), error.FilePath);
        Assert.Equal(
            [SlotFiles.AutosaveLock, "autosave-000002.sav", $"autosave-{99999999}.sav"],
            Directory.GetFileSystemEntries(_folder).Select(Path.GetFileName).Order(StringComparer.Ordinal));

        store.Delete($"autosave-{99999999}");
        Assert.Equal("autosave-000003", await store.AutosaveAsync(Game(3)));
    }

    [Theory]
    [InlineData(0)]
    [InlineData(-1)]
    public void AutosavesKept_BelowOne_ThrowsArgumentOutOfRange(int kept)
    {
        // Kept at 0, each autosave used to be deleted as soon as it was written, and AutosaveAsync still returned its name.
        Assert.Throws<ArgumentOutOfRangeException>(() => new SaveSlotStore<GameContent>(_folder) { AutosavesKept = kept });
    }

    [Fact]
    public async Task SaveAsync_WhereTheFolderIsAFile_ThrowsSaveIOExceptionSayingSo()
    {
        var file = Path.Combine(_folder, "saves");
        File.WriteAllText(file, "not a folder");
        var store = new SaveSlotStore<GameContent>(file);

        var error = await Assert.ThrowsAsync<SaveIOException>(() => store.SaveAsync("slot", Game(1)));

        Assert.Equal("The save folder's path names a file, not a folder; saves need a folder there.", error.Reason);
        Assert.Equal(file, error.FilePath);
        Assert.Equal("not a folder", File.ReadAllText(file));
    }

    [Fact]
    public async Task SaveAndAutosave_LargerThanTheStoreLoads_FailWithSaveEncodingAndKeepTheSlots()
    {
        var store = Store();
        var huge = new SaveMetadata { Thumbnail = new byte[17 * 1024 * 1024] };
        await store.SaveAsync("slot", Game(1));
        var first = await store.AutosaveAsync(Game(2));

        await Assert.ThrowsAsync<SaveEncodingException>(() => store.SaveAsync("slot", Game(3), huge));
        await Assert.ThrowsAsync<SaveEncodingException>(() => store.AutosaveAsync(Game(4), huge));

        GraphAssert.Equal(Game(1), store.Load("slot").Content);
        Assert.False(store.Load("slot").RecoveredFromBackup);
        GraphAssert.Equal(Game(2), store.Load(first).Content);
        var next = await store.AutosaveAsync(Game(5));
        GraphAssert.Equal(Game(5), store.Load(next).Content);
    }

    [Fact]
    public async Task SaveAsync_InAStoreWhoseLoadTakesMore_WritesWhatItsLoadReadsBack()
    {
        var loadOptions = LoadOptions.Default with { MaxMetadataBytes = 32 * 1024 * 1024 };
        var store = new SaveSlotStore<GameContent>(_folder, loadOptions: loadOptions);

        await store.SaveAsync("slot", Game(1), new SaveMetadata { Thumbnail = new byte[17 * 1024 * 1024] });

        Assert.Same(loadOptions, store.SaveOptions.LoadedWith);
        GraphAssert.Equal(Game(1), store.Load("slot").Content);
    }

    [Fact]
    public async Task QuickSave_ThenQuickLoad_GivesEqualContent()
    {
        var store = Store();
        var content = Game(7);

        await store.QuickSaveAsync(content);

        GraphAssert.Equal(content, store.QuickLoad().Content);
        Assert.True(store.Exists(SaveSlotStore.QuickSlot));
    }

    [Fact]
    public void DefaultDirectory_IsUnderThePerUserDataFolder()
    {
        string folder = SaveSlotStore.DefaultDirectory("my-game");

        Assert.StartsWith(Environment.GetFolderPath(Environment.SpecialFolder.LocalApplicationData, Environment.SpecialFolderOption.DoNotVerify), folder, StringComparison.Ordinal);
        Assert.EndsWith(Path.Combine("my-game", "saves"), folder, StringComparison.Ordinal);
        Assert.Throws<ArgumentException>(() => SaveSlotStore.DefaultDirectory("../x"));
    }

    private static SaveMetadata Metadata(string title, int minutes) =>
        new() { Title = title, SavedAtUtc = new DateTime(2026, 11, 22, 12, minutes, 0, DateTimeKind.Utc) };

    private sealed class CountingStream(Stream inner, Action<int> onRead) : Stream
    {
        public override bool CanRead => true;

        public override bool CanSeek => false;

        public override bool CanWrite => false;

        public override long Length => throw new NotSupportedException();

        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override int Read(byte[] buffer, int offset, int count)
        {
            int read = inner.Read(buffer, offset, count);
            onRead(read);
            return read;
        }

        public override void Flush() => throw new NotSupportedException();

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        protected override void Dispose(bool disposing)
        {
            if (disposing)
            {
                inner.Dispose();
            }

            base.Dispose(disposing);
        }
    }
}

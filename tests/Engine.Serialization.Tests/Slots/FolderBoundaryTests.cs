using Engine.Core.Model;
using Engine.Serialization.Slots;
using Engine.Testing;

namespace Engine.Serialization.Tests.Slots;

/// <summary>
/// The save folder is a boundary (issue 32): nothing a store writes is opened through a symbolic link in the folder, a
/// slot whose file is a link is refused rather than replaced, a file with other names (hard links) is never written in
/// place, and whatever the folder holds in a file's place ends in a <see cref="SaveIOException"/> naming it.
/// </summary>
public sealed class FolderBoundaryTests : IDisposable
{
    private static readonly byte[] Precious = "the player's own file, not a save\n"u8.ToArray();

    private readonly string _root = Directory.CreateTempSubdirectory("engine-folder-boundary-").FullName;

    public FolderBoundaryTests() => Directory.CreateDirectory(Folder);

    private string Folder => Path.Combine(_root, "saves");

    /// <summary>A file of the player's outside the save folder, which no save may change.</summary>
    private string Outside => Path.Combine(_root, "outside.txt");

    public void Dispose() => Directory.Delete(_root, recursive: true);

    private SaveSlotStore<GameContent> Store() => new(Folder) { AutosavesKept = 3 };

    private static GameContent Game(int moves)
    {
        var content = ContentGenerator.Create(ContentSize.Small, 32);
        content.Player.Moves = moves;
        return content;
    }

    [Fact]
    public void Save_WhenTheSlotsLockFileIsALinkToAnotherFile_IsRefusedNamingIt_AndWritesNothingThroughIt()
    {
        var store = Store();
        store.Save("base", Game(1));
        File.WriteAllBytes(Outside, Precious);
        string lockPath = store.PathOf("base") + SaveSlotStore.LockExtension;
        File.Delete(lockPath);
        File.CreateSymbolicLink(lockPath, Outside);

        var error = Assert.Throws<SaveIOException>(() => store.Save("base", Game(2)));

        Assert.Equal(lockPath, error.FilePath);
        Assert.Contains("symbolic link", error.Message, StringComparison.Ordinal);
        Assert.Equal(Precious, File.ReadAllBytes(Outside));
        Assert.Equal(1, store.Load("base").Content.Player.Moves);
    }

    [Fact]
    public async Task QuickSave_WhenItsLockFileIsALinkToNothing_CreatesNoFileOutsideTheFolder()
    {
        var store = Store();
        string lockPath = store.PathOf(SaveSlotStore.QuickSlot) + SaveSlotStore.LockExtension;
        File.CreateSymbolicLink(lockPath, Outside);

        var error = await Assert.ThrowsAsync<SaveIOException>(() => store.QuickSaveAsync(Game(1)));

        Assert.Equal(lockPath, error.FilePath);
        Assert.False(File.Exists(Outside), "the save created the link's target, outside the save folder");
        Assert.False(File.Exists(store.PathOf(SaveSlotStore.QuickSlot)));
    }

    [Fact]
    public async Task Autosave_WhenTheAutosavesLockIsALinkToAnotherFile_IsRefused_AndWritesNothingThroughIt()
    {
        File.WriteAllBytes(Outside, Precious);
        File.CreateSymbolicLink(Path.Combine(Folder, ".autosave-lock"), Outside);

        await Assert.ThrowsAsync<SaveIOException>(() => Store().AutosaveAsync(Game(1)));

        Assert.Equal(Precious, File.ReadAllBytes(Outside));
    }

    [Fact]
    public async Task Autosave_WhenItsSpareIsSwappedForALinkToACopy_WritesANewFile_AndNothingThroughTheLink()
    {
        var store = Store();
        for (int moves = 1; moves <= 4; moves++)
        {
            await store.AutosaveAsync(Game(moves)); // the fourth retires the first as the store's spare
        }

        string spare = Assert.Single(AutosaveSpares(Folder));
        File.Copy(spare, Outside);
        File.SetLastWriteTimeUtc(Outside, File.GetLastWriteTimeUtc(spare));
        File.Delete(spare);
        File.CreateSymbolicLink(spare, Outside);
        byte[] copy = File.ReadAllBytes(Outside);

        string slot = await store.AutosaveAsync(Game(5));

        Assert.Equal(copy, File.ReadAllBytes(Outside));
        Assert.Equal(5, store.Load(slot).Content.Player.Moves);
        Assert.Equal(EntryType.File, TypeOf(store.PathOf(slot)));
    }

    [Fact]
    public void Save_ToASlotWhoseFileIsALink_IsRefusedNamingTheLink_AndTheLinkAndItsTargetStay()
    {
        var store = Store();
        SaveSerializer.SaveToFile(Outside, Game(1));
        byte[] target = File.ReadAllBytes(Outside);
        string path = store.PathOf("synced");
        File.CreateSymbolicLink(path, Outside);

        var error = Assert.Throws<SaveIOException>(() => store.Save("synced", Game(2)));

        Assert.Equal(path, error.FilePath);
        Assert.Contains($"symbolic link (to '{Outside}')", error.Message, StringComparison.Ordinal);
        Assert.Equal(EntryType.Link, TypeOf(path));
        Assert.Equal(target, File.ReadAllBytes(Outside));
    }

    [Fact]
    public void LoadAndList_OfASlotWhoseFileIsALink_RefuseIt_AndNameTheLink()
    {
        var store = Store();
        SaveSerializer.SaveToFile(Outside, Game(1));
        string path = store.PathOf("synced");
        File.CreateSymbolicLink(path, Outside);

        var error = Assert.Throws<SaveIOException>(() => store.Load("synced"));
        var listed = Assert.Single(store.List());

        Assert.Equal(path, error.FilePath);
        Assert.Contains("symbolic link", error.Message, StringComparison.Ordinal);
        Assert.False(listed.IsReadable);
        Assert.Contains("symbolic link", listed.Problem, StringComparison.Ordinal);
    }

    [Fact]
    public async Task SavesAndAutosaves_InASaveFolderThatIsALink_WorkAsInTheFolderItself()
    {
        string moved = Path.Combine(_root, "moved to another disk");
        Directory.Move(Folder, moved);
        Directory.CreateSymbolicLink(Folder, moved);
        var store = Store();

        store.Save("chapter 1", Game(1));
        await store.AutosaveAsync(Game(2));

        Assert.Equal(1, store.Load("chapter 1").Content.Player.Moves);
        Assert.Equal(2, store.List().Count);
        Assert.True(File.Exists(Path.Combine(moved, "chapter 1.sav")));
    }

    [Fact]
    public async Task SavesAndAutosaves_AfterAHardLinkedCopyOfTheFolder_LeaveTheCopyUntouched()
    {
        var store = Store();
        store.Save("chapter 1", Game(1));
        for (int moves = 2; moves <= 5; moves++)
        {
            await store.AutosaveAsync(Game(moves)); // the store now has a spare, the retired autosave's file
        }

        string snapshot = Path.Combine(_root, "snapshot");
        HardLinks.Run("cp", "-al", Folder, snapshot);
        var before = Contents(snapshot);

        for (int moves = 6; moves <= 9; moves++)
        {
            await store.AutosaveAsync(Game(moves));
        }

        store.Save("chapter 1", Game(10));

        Assert.Equal(before, Contents(snapshot));
        Assert.Equal(10, store.Load("chapter 1").Content.Player.Moves);
    }

    [Fact]
    public async Task EverySave_WhenTheLockPathIsAFolder_ThrowsASaveIOExceptionNamingIt()
    {
        var store = Store();
        string slotLock = store.PathOf("base") + SaveSlotStore.LockExtension;
        string quickLock = store.PathOf(SaveSlotStore.QuickSlot) + SaveSlotStore.LockExtension;
        string autosaveLock = Path.Combine(Folder, ".autosave-lock");
        foreach (string folder in new[] { slotLock, quickLock, autosaveLock })
        {
            Directory.CreateDirectory(folder);
        }

        var errors = new[]
        {
            Assert.Throws<SaveIOException>(() => store.Save("base", Game(1))),
            await Assert.ThrowsAsync<SaveIOException>(() => store.SaveAsync("base", Game(1))),
            await Assert.ThrowsAsync<SaveIOException>(() => store.QuickSaveAsync(Game(1))),
            await Assert.ThrowsAsync<SaveIOException>(() => store.AutosaveAsync(Game(1))),
        };

        Assert.Equal([slotLock, slotLock, quickLock, autosaveLock], errors.Select(e => e.FilePath));
        Assert.All(errors, e => Assert.Contains("a folder is where the file belongs", e.Message, StringComparison.Ordinal));
        Assert.Equal([autosaveLock, slotLock, quickLock], Directory.GetFileSystemEntries(Folder).Order(StringComparer.Ordinal));
    }

    private static List<string> AutosaveSpares(string folder) =>
        [.. Directory.GetFiles(folder, ".autosave-*.tmp", new EnumerationOptions { AttributesToSkip = 0 })];

    /// <summary>Every file of a folder by name, with its bytes.</summary>
    private static SortedDictionary<string, string> Contents(string folder) =>
        new(Directory.GetFiles(folder, "*", new EnumerationOptions { AttributesToSkip = 0 })
            .ToDictionary(path => Path.GetFileName(path), path => Convert.ToHexString(File.ReadAllBytes(path))), StringComparer.Ordinal);

    private static EntryType TypeOf(string path) =>
        new FileInfo(path).LinkTarget is not null ? EntryType.Link : File.Exists(path) ? EntryType.File : EntryType.Missing;

    private enum EntryType
    {
        Missing,
        File,
        Link,
    }
}

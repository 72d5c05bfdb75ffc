using Engine.Core.Model;
using Engine.Serialization.Slots;
using Engine.Testing;

namespace Engine.Serialization.Tests.Platform;

/// <summary>
/// Slot names that Windows reserves (CON, NUL, COM1, LPT1, with or without an extension) or folds (a trailing dot or
/// space, which Win32 drops; case, which NTFS ignores) each save to a file of their own and load back, on the real file
/// system of each OS: the slot's file name never is one Windows treats specially, and names that differ only by case
/// are one slot everywhere, as they would be on Windows.
/// </summary>
public sealed class SlotNamesOnDiskTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("engine-slot-names-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Theory]
    [InlineData("CON")]
    [InlineData("nul")]
    [InlineData("com1")]
    [InlineData("LPT1.txt")]
    [InlineData("aux.save")]
    [InlineData("chapter.")]
    [InlineData("chapter. ")]
    [InlineData("chapter..")]
    [InlineData("a:b")]
    [InlineData("what?")]
    public void Save_UnderANameWindowsReservesOrFolds_WritesAFileOfItsOwn_AndLoadsBack(string slot)
    {
        var store = new SaveSlotStore<GameContent>(_folder);
        var plain = ContentGenerator.Create(ContentSize.Small, seed: 1);
        var named = ContentGenerator.Create(ContentSize.Small, seed: 2);
        store.Save("chapter", plain);

        store.Save(slot, named);

        Assert.NotEqual(store.PathOf("chapter"), store.PathOf(slot));
        Assert.True(File.Exists(store.PathOf(slot)), $"no file at {store.PathOf(slot)}");
        GraphAssert.Equal(named, store.Load(slot).Content);
        GraphAssert.Equal(plain, store.Load("chapter").Content);
        Assert.Contains(store.List(), listed => listed.Name == slot.Trim());
    }

    [Fact]
    public void Save_UnderNamesThatDifferOnlyByCase_IsOneSlot()
    {
        var store = new SaveSlotStore<GameContent>(_folder);
        store.Save("Chapter", ContentGenerator.Create(ContentSize.Small, seed: 1));
        var newer = ContentGenerator.Create(ContentSize.Small, seed: 2);

        store.Save("CHAPTER", newer);

        Assert.Equal(store.PathOf("chapter"), store.PathOf("CHAPTER"));
        GraphAssert.Equal(newer, store.Load("Chapter").Content);
        Assert.Single(store.List());
    }

    [Fact]
    public void Save_InAFolderWhosePathIsLongerThanWindowsMaxPath_SavesAndLoads()
    {
        // MAX_PATH is 260; .NET gives such paths the \\?\ prefix on Windows itself, whatever the system's long-path setting.
        string folder = Path.Combine(_folder, new string('f', 100), new string('o', 100), new string('l', 100));
        var store = new SaveSlotStore<GameContent>(folder);
        var content = ContentGenerator.Create(ContentSize.Small, seed: 3);

        store.Save("a slot name of some length", content);
        store.Save("a slot name of some length", content);

        Assert.True(store.PathOf("a slot name of some length").Length > 300);
        GraphAssert.Equal(content, store.Load("a slot name of some length").Content);
        Assert.True(File.Exists(store.BackupPathOf("a slot name of some length")));
    }
}

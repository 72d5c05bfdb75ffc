using Engine.Core.Model;
using Engine.Serialization.Container;
using Engine.Serialization.Slots;
using Engine.Serialization.Tests.Fixtures;
using RpgGame.Model;

namespace Engine.Serialization.Tests.Models;

/// <summary>A save knows which model it holds and which game wrote it; a load of another model or another game's save refuses it.</summary>
public sealed class ForeignSaveTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("foreign-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Fact]
    public void Save_RecordsTheModelAndTheGame()
    {
        var (info, _) = SaveContainer.Open(SaveSerializer.Save(PartyFactory.Sample()), LoadOptions.Default);

        Assert.Equal(PartyState.ModelId, info.Metadata.ModelId);
        Assert.Equal(PartyState.Game, info.Metadata.GameId);
        Assert.Equal(SaveContainer.CurrentVersion, info.Header.ContainerVersion);
    }

    [Fact]
    public void Load_AnotherModelsSave_IsRefusedSayingWhatTheFileHolds()
    {
        byte[] party = SaveSerializer.Save(PartyFactory.Sample());
        byte[] game = SaveSerializer.Save(ContentGenerator.Create(ContentSize.Small));

        var asGame = Assert.Throws<ForeignSaveException>(() => SaveSerializer.Load<GameContent>(party));
        var asParty = Assert.Throws<ForeignSaveException>(() => SaveSerializer.Load<PartyState>(game));

        Assert.Contains("'rpg-demo.party'", asGame.Message, StringComparison.Ordinal);
        Assert.Contains("'Engine.Core.Model.GameContent'", asGame.Message, StringComparison.Ordinal);
        Assert.Contains("'engine.generated'", asParty.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Load_AnotherGamesSave_IsRefused_WhenTheLoadNamesItsGame()
    {
        byte[] save = SaveSerializer.Save(ContentGenerator.Create(ContentSize.Small), options: new SaveOptions { GameId = "the-lighthouse" });

        var error = Assert.Throws<ForeignSaveException>(() => SaveSerializer.Load<GameContent>(save, new LoadOptions { GameId = "the-cave" }));

        Assert.Contains("another game, 'the-lighthouse', not to 'the-cave'", error.Message, StringComparison.Ordinal);
        Assert.Equal("the-lighthouse", SaveSerializer.ReadInfo(Write(save)).Metadata.GameId);
        SaveSerializer.Load<GameContent>(save, new LoadOptions { GameId = "the-lighthouse" });
    }

    [Fact]
    public void ContainerVersion1Saves_HoldGameContent_AndStillLoad()
    {
        byte[] frozen = FixtureFiles.Read("schema-v1/small-messagepack-none.sav");

        var (info, _) = SaveContainer.Open(frozen, LoadOptions.Default);

        Assert.Equal(1, info.Header.ContainerVersion);
        Assert.Equal(SaveContainer.Version1ModelId, info.Metadata.ModelId);
        Assert.Throws<ForeignSaveException>(() => SaveSerializer.Load<PartyState>(frozen));
        Assert.Equal(3, SaveSerializer.Load<GameContent>(frozen).Rooms.Count);
    }

    [Fact]
    public void SlotStore_OfOneGame_ListsAnotherGamesSaveAsNotLoadable_AndRefusesToLoadIt_WithoutFallingBackToTheBackup()
    {
        var lighthouse = SaveSlotStore.ForGame<GameContent>("the-lighthouse", _folder);
        var cave = SaveSlotStore.ForGame<GameContent>("the-cave", _folder);
        var content = ContentGenerator.Create(ContentSize.Small);
        cave.Save("slot", content);
        cave.Save("slot", content);

        var slot = Assert.Single(lighthouse.List());
        Assert.True(slot.IsReadable);
        Assert.False(slot.IsLoadable);
        Assert.Contains("the-cave", slot.Problem, StringComparison.Ordinal);
        Assert.Throws<ForeignSaveException>(() => lighthouse.Load("slot"));
        Assert.False(cave.Load("slot").RecoveredFromBackup);
    }

    [Fact]
    public void SlotStore_OfOneModel_ListsAnotherModelsSaveAsNotLoadable()
    {
        SaveSlotStore.ForGame<PartyState>(PartyState.Game, _folder).Save("party", PartyFactory.Sample());

        var slot = Assert.Single(new SaveSlotStore<GameContent>(_folder).List());

        Assert.False(slot.IsLoadable);
        Assert.Contains("rpg-demo.party", slot.Problem, StringComparison.Ordinal);
    }

    [Fact]
    public void Save_OfATypeThatIsNoSaveModel_SaysHowToMakeItOne()
    {
        var error = Assert.Throws<InvalidOperationException>(() => SaveSerializer.Save(new Room()));

        Assert.Contains("[SaveModel]", error.Message, StringComparison.Ordinal);
    }

    private string Write(byte[] save)
    {
        string path = Path.Combine(_folder, "save.sav");
        File.WriteAllBytes(path, save);
        return path;
    }
}

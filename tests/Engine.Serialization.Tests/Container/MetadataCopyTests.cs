using Engine.Core.Model;
using Engine.Serialization.Container;
using Engine.Serialization.Models;
using Engine.Serialization.Slots;
using Engine.Testing;

namespace Engine.Serialization.Tests.Container;

/// <summary>
/// Every member of <see cref="SaveMetadata"/> a game sets reaches the file and comes back, through each way the save
/// system copies metadata: found by reflection, so a member added later is checked without this test changing.
/// </summary>
public sealed class MetadataCopyTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("engine-metadata-copy-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    public static TheoryData<string> Paths => ["save", "prepared save", "slot", "slot again", "autosave", "slot list"];

    [Theory]
    [MemberData(nameof(Paths))]
    public async Task Save_KeepsEveryMemberTheGameSet(string path)
    {
        var content = ContentGenerator.Create(ContentSize.Small);
        var given = EveryProperty.Set<SaveMetadata>();

        var (read, slot) = await SavedAndRead(path, content, given);

        // The save system names the model, and a slot store the slot; a slot list leaves thumbnails on disk.
        var expected = given with { ModelId = SaveModels.IdOf<GameContent>(), SlotName = slot ?? given.SlotName };
        if (path == "slot list")
        {
            expected = expected with { Thumbnail = [] };
        }

        Assert.Empty(EveryProperty.Differing(expected, read));
    }

    [Fact]
    public void For_KeepsEveryMemberTheGameSet_ButTheModel()
    {
        var given = EveryProperty.Set<SaveMetadata>();

        var taken = SaveMetadata.For(ContentGenerator.Create(ContentSize.Small), given);

        Assert.Empty(EveryProperty.Differing(given with { ModelId = "" }, taken));
    }

    private static SaveMetadata Info(byte[] file) => SaveContainer.Open(file, LoadOptions.Default).Info.Metadata;

    /// <summary>The metadata read back from a save made through <paramref name="path"/>, and the slot it went to, if any.</summary>
    private async Task<(SaveMetadata Read, string? Slot)> SavedAndRead(string path, GameContent content, SaveMetadata given)
    {
        var store = new SaveSlotStore<GameContent>(_folder);
        switch (path)
        {
            case "save":
                return (Info(SaveSerializer.Save(content, given)), null);
            case "prepared save":
                return (Info(PreparedSave<GameContent>.Prepare(content, given).ToArray()), null);
            case "slot":
                store.Save("Slot", content, given);
                return (SaveSerializer.ReadInfo(store.PathOf("Slot")).Metadata, "Slot");
            case "slot again":
                // A second save from the store's snapshot may encode only what changed, and the metadata anew.
                store.Save("Slot", content, given);
                content.Player.Score++;
                store.Save("Slot", content, given);
                return (SaveSerializer.ReadInfo(store.PathOf("Slot")).Metadata, "Slot");
            case "autosave":
                string name = await store.AutosaveAsync(content, given);
                return (SaveSerializer.ReadInfo(store.PathOf(name)).Metadata, name);
            case "slot list":
                store.Save("Slot", content, given);
                return (Assert.Single(store.List()).Info!.Metadata, "Slot");
            default:
                throw new ArgumentOutOfRangeException(nameof(path), path, null);
        }
    }
}

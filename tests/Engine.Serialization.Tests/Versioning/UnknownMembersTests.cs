using Engine.Core.Model;
using Engine.Serialization.Container;
using Engine.Serialization.Slots;
using Engine.Testing;
using RpgGame.Model;

namespace Engine.Serialization.Tests.Versioning;

/// <summary>
/// An older game that loads a newer save and saves it again keeps every member it did not know, at every level of
/// the graph (kept with the object they came from), in every format; and the newer game's members survive a trip
/// through the older one.
/// </summary>
public sealed class UnknownMembersTests
{
    public static TheoryData<SaveFormat> Formats() => [.. Enum.GetValues<SaveFormat>()];

    // docs/FORMAT.md, MessagePack payload: members a reader's model doesn't have (any key no member has, even one that is
    // not a string) are kept and written back after its own, in the order they came.
    [Fact]
    public void MessagePackKeysTheModelLacks_AreWrittenBackAfterItsOwnMembers_InTheirOrder()
    {
        byte[] payload = [0x83, 0xA4, .. "Zeta"u8, 0x01, 0x07, 0xA5, .. "seven"u8, 0xA5, .. "Title"u8, 0xA1, (byte)'A'];
        byte[] save = Fuzzing.SaveFiles.Frame(SaveFormat.MessagePack, SaveCompression.None, payload);

        var loaded = SaveSerializer.Load<GameContent>(save);
        var reader = new MessagePack.MessagePackReader(SaveSerializer.ReadPayload<GameContent>(SaveSerializer.Save(loaded)).Payload);
        var keys = new List<object>();
        for (int count = reader.ReadMapHeader(), i = 0; i < count; i++)
        {
            keys.Add(reader.NextMessagePackType == MessagePack.MessagePackType.String ? reader.ReadString()! : reader.ReadInt32());
            reader.Skip();
        }

        Assert.Equal("A", loaded.Title);
        Assert.Equal(["Zeta", 7], keys[^2..]);
        Assert.Equal(typeof(GameContent).GetProperties().Count(p => p.CanWrite) + 2, keys.Count);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void NewerSave_ThroughTheOlderGame_BackToTheNewer_KeepsEveryMemberTheOlderDidNotKnow(SaveFormat format)
    {
        var options = new SaveOptions { Format = format };
        var newer = new NewerPartyState
        {
            PartyName = "Company",
            Location = "Pass",
            Heroes = [new NewerHero { Name = "Aldric", Title = "Warden of the Pass" }, new NewerHero { Name = "Mira", Title = "Archmage" }],
            Quests = { [3] = new NewerQuest { Title = "Lost bell", Giver = "Abbot" } },
            Stash = new List<NewerItem> { new NewerWeapon { Name = "Axe", Rarity = "rare" }, new NewerPotion { Name = "Tonic", Rarity = "epic" } },
            Mounts = ["grey mare", "mule"],
        };

        var older = SaveSerializer.Load<PartyState>(SaveSerializer.Save(newer, options: options));
        older.Location = "Valley";
        older.Heroes[0].Health = 0.5f;
        var back = SaveSerializer.Load<NewerPartyState>(SaveSerializer.Save(older, options: options));

        newer.Location = "Valley";
        GraphAssert.Equal(newer, back);
        Assert.Equal(0.5f, SaveSerializer.Load<PartyState>(SaveSerializer.Save(back, options: options)).Heroes[0].Health);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void OlderSave_ThroughTheNewerGame_BackToTheOlder_KeepsEveryMemberTheNewerDidNotDeclare(SaveFormat format)
    {
        var options = new SaveOptions { Format = format };
        var older = PartyFactory.Sample();

        var newer = SaveSerializer.Load<NewerPartyState>(SaveSerializer.Save(older, options: options));
        newer.Location = "Valley";
        newer.Mounts.Add("pony");
        newer.Stash[0].Rarity = "legendary";
        var back = SaveSerializer.Load<PartyState>(SaveSerializer.Save(newer, options: options));

        older.Location = "Valley";
        GraphAssert.Equal(older, back);
    }

    [Theory]
    [InlineData(SaveFormat.MessagePack, SaveCompression.None)]
    [InlineData(SaveFormat.MessagePack, SaveCompression.Lz4)]
    [InlineData(SaveFormat.Xml, SaveCompression.None)]
    [InlineData(SaveFormat.Xml, SaveCompression.Lz4)]
    [InlineData(SaveFormat.Protobuf, SaveCompression.None)]
    [InlineData(SaveFormat.Protobuf, SaveCompression.Lz4)]
    public void GameContent_OlderToNewerToOlder_KeepsTheMembersTheNewerRemoved(SaveFormat format, SaveCompression compression)
    {
        var options = new SaveOptions { Format = format, Compression = compression };
        var today = ContentGenerator.Create(ContentSize.Small);

        var newer = SaveSerializer.Load<NewerGameContent>(SaveSerializer.Save(today, options: options));
        newer.Difficulty = "hard";
        var back = SaveSerializer.Load<GameContent>(SaveSerializer.Save(newer, options: options));

        GraphAssert.Equal(today, back);
        Assert.Equal("hard", SaveSerializer.Load<NewerGameContent>(SaveSerializer.Save(back, options: options)).Difficulty);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void KeptMembers_TravelWithASnapshot(SaveFormat format)
    {
        var options = new SaveOptions { Format = format };
        var newer = new NewerPartyState { PartyName = "Company", Mounts = ["mule"], Heroes = [new NewerHero { Name = "A", Title = "T" }] };
        var older = SaveSerializer.Load<PartyState>(SaveSerializer.Save(newer, options: options));

        var snapshot = PreparedSave<PartyState>.Prepare(older, new SaveMetadata { Title = "t" }, options);
        var back = SaveSerializer.Load<NewerPartyState>(snapshot.ToArray());

        Assert.Equal(["mule"], back.Mounts);
        Assert.Equal("T", back.Heroes[0].Title);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public async Task KeptMembers_SurviveAutosavesInARow_WhileTheOlderGamePlays(SaveFormat format)
    {
        // The store's saves after the first re-encode only what changed, into the bytes of the last file it wrote.
        var options = new SaveOptions { Format = format };
        var newer = new NewerPartyState { PartyName = "Company", Mounts = ["mule"], Heroes = [new NewerHero { Name = "A", Title = "T" }] };
        var older = SaveSerializer.Load<PartyState>(SaveSerializer.Save(newer, options: options));
        var folder = Directory.CreateTempSubdirectory("unknown-autosaves-").FullName;
        try
        {
            var store = new SaveSlotStore<PartyState>(folder, options);
            string last = "";
            for (int turn = 0; turn < 5; turn++)
            {
                older.Location = $"Road {turn}";
                older.Heroes[0].Health = turn;
                last = await store.AutosaveAsync(older);
            }

            var back = SaveSerializer.LoadFromFile<NewerPartyState>(store.PathOf(last));
            Assert.Equal(["mule"], back.Mounts);
            Assert.Equal(("A", "T"), (back.Heroes[0].Name, back.Heroes[0].Title));
            Assert.Equal(4f, SaveSerializer.LoadFromFile<PartyState>(store.PathOf(last)).Heroes[0].Health);
            Assert.Equal("Road 4", back.Location);
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public void KeptMembers_AreLeftOut_WhenTheGameIsSavedInAnotherFormat()
    {
        var newer = new NewerPartyState { PartyName = "Company", Mounts = ["mule"] };
        var older = SaveSerializer.Load<PartyState>(SaveSerializer.Save(newer, options: new SaveOptions { Format = SaveFormat.Xml }));

        var back = SaveSerializer.Load<NewerPartyState>(SaveSerializer.Save(older, options: new SaveOptions { Format = SaveFormat.Protobuf }));

        Assert.Empty(back.Mounts);
        Assert.Equal("Company", back.PartyName);
    }
}

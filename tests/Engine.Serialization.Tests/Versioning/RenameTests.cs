using System.Text;
using Engine.Serialization.Container;
using Engine.Serialization.Models;
using Engine.Serialization.Slots;
using Engine.Serialization.Tests.Fixtures;
using Engine.Testing;

namespace Engine.Serialization.Tests.Versioning.Renames;

/// <summary>
/// docs/GUIDE.md, When the model changes: a member renamed with [FormerlySavedAs] needs no migration. A save of the
/// release before the rename loads into the renamed members in every format and compression, and saved again it holds
/// the new keys only (nothing of the old key is kept as a member the model lacks). A union case's class renamed needs
/// nothing at all: saves name the case by its union key.
/// </summary>
public sealed class RenameTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("renames-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public void SaveOfTheReleaseBeforeTheRename_LoadsEveryValueIntoTheRenamedMembers(SaveFormat format, SaveCompression compression)
    {
        var options = new SaveOptions { Format = format, Compression = compression };

        var loaded = SaveSerializer.Load<Colony>(ReleaseOneSave(Release1(), options));

        GraphAssert.Equal(Release2(), loaded);
    }

    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public void SaveOfTheReleaseBeforeTheRename_SavedAgain_HoldsOnlyTheNewKeys(SaveFormat format, SaveCompression compression)
    {
        var options = new SaveOptions { Format = format, Compression = compression };
        var loaded = SaveSerializer.Load<Colony>(ReleaseOneSave(Release1(), options));

        var again = Payload(SaveSerializer.Save(loaded, options: options));

        // What the game would save had it never met the old keys: nothing kept beside its members.
        Assert.Equal(Payload(SaveSerializer.Save(Release2(), options: options)), again);
        if (format != SaveFormat.Protobuf)
        {
            var text = Encoding.UTF8.GetString(again);
            Assert.DoesNotContain("Nickname", text, StringComparison.Ordinal);
            Assert.DoesNotContain("ByPost", text, StringComparison.Ordinal);
            Assert.Contains("Callsign", text, StringComparison.Ordinal);
        }
    }

    // The snapshot an async save takes copies what a load kept beside each object: a renamed member's old key must not be among it.
    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public async Task SaveOfTheReleaseBeforeTheRename_SavedToASlot_HoldsOnlyTheNewKeys(SaveFormat format, SaveCompression compression)
    {
        var options = new SaveOptions { Format = format, Compression = compression };
        var store = new SaveSlotStore<Colony>(_folder, options);
        await File.WriteAllBytesAsync(store.PathOf("colony"), ReleaseOneSave(Release1(), options));
        var loaded = store.Load("colony").Content;

        loaded.Day++;
        await store.SaveAsync("colony", loaded);
        await store.SaveAsync("colony", loaded);

        var expected = Release2();
        expected.Day++;
        Assert.Equal(Payload(SaveSerializer.Save(expected, options: options)), Payload(File.ReadAllBytes(store.PathOf("colony"))));
        GraphAssert.Equal(expected, store.Load("colony").Content);
    }

    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public void UnionCaseWhoseClassWasRenamed_LoadsAsTheRenamedClass(SaveFormat format, SaveCompression compression)
    {
        var options = new SaveOptions { Format = format, Compression = compression };
        var release1 = new ColonyV1 { Units = [new DroneV1 { Serial = 4 }, new SettlerV1 { Health = 0.5f }] };

        var loaded = SaveSerializer.Load<Colony>(ReleaseOneSave(release1, options));

        GraphAssert.Equal(new Colony { Units = [new Drone { Serial = 4 }, new Pioneer { Health = 0.5f }] }, loaded);
    }

    // docs/FORMAT.md: a map naming a member twice is damage; its old key and its new one are the member named twice.
    [Fact]
    public void MessagePackMap_HoldingTheOldKeyAndTheNew_IsRefusedAsDamaged()
    {
        byte[] payload = [0x82, 0xA4, .. "Name"u8, 0xA1, (byte)'a', 0xA5, .. "Title"u8, 0xA1, (byte)'b'];

        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<Colony>(Fuzzing.SaveFiles.Frame(SaveFormat.MessagePack, SaveCompression.None, payload, Metadata())));

        Assert.Contains("names its member 'Title' twice", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void XmlElement_HoldingTheOldKeyAndTheNew_IsRefusedAsDamaged()
    {
        var xml = Encoding.UTF8.GetString(Payload(SaveSerializer.Save(new Colony { Title = "b" }, options: new SaveOptions { Format = SaveFormat.Xml })));
        var both = xml.Replace("<Title>b</Title>", "<Name>a</Name><Title>b</Title>", StringComparison.Ordinal);
        Assert.NotEqual(xml, both);

        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<Colony>(Fuzzing.SaveFiles.Frame(SaveFormat.Xml, SaveCompression.None, Encoding.UTF8.GetBytes(both), Metadata())));

        Assert.Contains("'Title' twice", error.Message, StringComparison.Ordinal);
    }

    /// <summary>Release 1's save of <paramref name="game"/>, as the game's release 1 wrote it (under the game's model Id).</summary>
    private static byte[] ReleaseOneSave(ColonyV1 game, SaveOptions options) =>
        Reframed(SaveSerializer.Save(game, options: options), SaveModels.IdOf<Colony>(), options);

    // docs/GUIDE.md: release 1 keeps release 2's new key as a member it lacks and writes its own member under the old
    // key, so the save then names the renamed member twice. Protobuf numbers the member alike in both releases: release
    // 1 reads the value into its member, and release 2 reads it back.
    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public void SaveOfTheRenamingRelease_SavedAgainByTheReleaseBefore_IsRefusedAsDamaged_ExceptInProtobuf(SaveFormat format, SaveCompression compression)
    {
        var options = new SaveOptions { Format = format, Compression = compression };
        var older = SaveSerializer.Load<ColonyV1>(Reframed(SaveSerializer.Save(new Colony { Title = "Haven" }, options: options), SaveModels.IdOf<ColonyV1>(), options));
        var back = Reframed(SaveSerializer.Save(older, options: options), SaveModels.IdOf<Colony>(), options);

        if (format == SaveFormat.Protobuf)
        {
            Assert.Equal("Haven", older.Name);
            GraphAssert.Equal(new Colony { Title = "Haven" }, SaveSerializer.Load<Colony>(back));
        }
        else
        {
            Assert.Equal("", older.Name);
            var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<Colony>(back));
            Assert.Matches("names its member '(frequency|Title)' twice", error.Message);
        }
    }

    private static byte[] Reframed(byte[] save, string modelId, SaveOptions options) =>
        Fuzzing.SaveFiles.Frame(options.Format, options.Compression, Payload(save), new SaveMetadata { Title = "colony", ModelId = modelId });

    private static byte[] Payload(byte[] save) => SaveSerializer.ReadPayload(save).Payload.ToArray();

    private static SaveMetadata Metadata() => new() { Title = "colony", ModelId = SaveModels.IdOf<Colony>() };

    private static ColonyV1 Release1() => new()
    {
        Name = "Haven",
        Day = 41,
        Crew = [new ColonistV1 { Nickname = "Ash", Age = 30 }, new ColonistV1 { Nickname = "Bel", Age = 24 }],
        ByPost = { ["gate"] = new ColonistV1 { Nickname = "Cor", Age = 51 }, ["well"] = new ColonistV1 { Nickname = "Dax", Age = 19 } },
        Units = [new SettlerV1 { Nickname = "Eve", Health = 0.75f }, new DroneV1 { Serial = 9 }],
        Shift = new ShiftV1("north field", 8),
        Beacon = new BeaconV1 { Frequency = 121.5, Lit = true },
    };

    private static Colony Release2() => new()
    {
        Title = "Haven",
        Day = 41,
        Crew = [new Colonist { Callsign = "Ash", Age = 30 }, new Colonist { Callsign = "Bel", Age = 24 }],
        Posts = { ["gate"] = new Colonist { Callsign = "Cor", Age = 51 }, ["well"] = new Colonist { Callsign = "Dax", Age = 19 } },
        Units = [new Pioneer { Callsign = "Eve", Health = 0.75f }, new Drone { Serial = 9 }],
        Shift = new Shift("north field", 8),
        Beacon = new Beacon { Frequency = 121.5, Lit = true },
    };
}

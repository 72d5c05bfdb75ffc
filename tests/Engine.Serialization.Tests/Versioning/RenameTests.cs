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

    // docs/FORMAT.md: a map holding a member's key and its earlier key was saved by an older game, which wrote its own
    // member under the earlier key and kept the newer key as it was loaded: the earlier key's value is the game's, in
    // either order, and the newer key's is dropped, not kept as a member the model lacks.
    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void MessagePackMap_HoldingTheOldKeyAndTheNew_ReadsTheOldKeysValue(bool oldKeyFirst)
    {
        byte[] old = [0xA4, .. "Name"u8, 0xA1, (byte)'a'];
        byte[] current = [0xA5, .. "Title"u8, 0xA1, (byte)'b'];
        byte[] payload = oldKeyFirst ? [0x82, .. old, .. current] : [0x82, .. current, .. old];

        var loaded = SaveSerializer.Load<Colony>(Fuzzing.SaveFiles.Frame(SaveFormat.MessagePack, SaveCompression.None, payload, Metadata()));

        Assert.Equal("a", loaded.Title);
        Assert.Equal(Payload(SaveSerializer.Save(new Colony { Title = "a" })), Payload(SaveSerializer.Save(loaded)));
    }

    // A member renamed twice: of its keys in one map, the oldest present wins, whatever the order.
    [Theory]
    [InlineData("Slogan Creed Motto", "Slogan")]
    [InlineData("Motto Creed Slogan", "Slogan")]
    [InlineData("Creed Slogan Motto", "Slogan")]
    [InlineData("Motto Slogan", "Slogan")]
    [InlineData("Creed Motto", "Creed")]
    [InlineData("Motto Creed", "Creed")]
    public void MessagePackMap_HoldingSeveralKeysOfAMemberRenamedTwice_ReadsTheOldestKeysValue(string keys, string oldest)
    {
        var names = keys.Split(' ');
        byte[] payload = [(byte)(0x80 | names.Length), .. names.SelectMany(k => (byte[])[(byte)(0xA0 | k.Length), .. Encoding.UTF8.GetBytes(k), (byte)(0xA0 | k.Length), .. Encoding.UTF8.GetBytes(k)])];

        var loaded = SaveSerializer.Load<Colony>(Fuzzing.SaveFiles.Frame(SaveFormat.MessagePack, SaveCompression.None, payload, Metadata()));

        Assert.Equal(oldest, loaded.Motto);
        Assert.Equal(Payload(SaveSerializer.Save(new Colony { Motto = oldest })), Payload(SaveSerializer.Save(loaded)));
    }

    [Theory]
    [InlineData("<Motto>Motto</Motto><Creed>Creed</Creed><Slogan>Slogan</Slogan>", "Slogan")]
    [InlineData("<Creed>Creed</Creed><Motto>Motto</Motto>", "Creed")]
    public void XmlElement_HoldingSeveralKeysOfAMemberRenamedTwice_ReadsTheOldestKeysValue(string elements, string oldest)
    {
        var options = new SaveOptions { Format = SaveFormat.Xml };
        var xml = Encoding.UTF8.GetString(Payload(SaveSerializer.Save(new Colony { Motto = "b" }, options: options)));
        var replaced = xml.Replace("<Motto>b</Motto>", elements, StringComparison.Ordinal);
        Assert.NotEqual(xml, replaced);

        var loaded = SaveSerializer.Load<Colony>(Fuzzing.SaveFiles.Frame(SaveFormat.Xml, SaveCompression.None, Encoding.UTF8.GetBytes(replaced), Metadata()));

        Assert.Equal(oldest, loaded.Motto);
        Assert.Equal(Payload(SaveSerializer.Save(new Colony { Motto = oldest }, options: options)), Payload(SaveSerializer.Save(loaded, options: options)));
    }

    // A key named twice (the same key) is still damage: which of its values is meant can't be known.
    [Theory]
    [InlineData("Title")]
    [InlineData("Name")]
    public void MessagePackMap_HoldingOneKeyTwice_IsRefusedAsDamaged(string key)
    {
        byte[] entry = [(byte)(0xA0 | key.Length), .. Encoding.UTF8.GetBytes(key), 0xA1, (byte)'a'];
        byte[] payload = [0x83, .. entry, 0xA3, .. "Day"u8, 0x01, .. entry];

        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<Colony>(Fuzzing.SaveFiles.Frame(SaveFormat.MessagePack, SaveCompression.None, payload, Metadata())));

        Assert.Contains($"names its member '{key}' twice", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("<Name>a</Name><Title>b</Title>")]
    [InlineData("<Title>b</Title><Name>a</Name>")]
    public void XmlElement_HoldingTheOldKeyAndTheNew_ReadsTheOldKeysValue(string both)
    {
        var loaded = SaveSerializer.Load<Colony>(Fuzzing.SaveFiles.Frame(SaveFormat.Xml, SaveCompression.None, XmlWithTitle(both), Metadata()));

        Assert.Equal("a", loaded.Title);
        var options = new SaveOptions { Format = SaveFormat.Xml };
        Assert.Equal(Payload(SaveSerializer.Save(new Colony { Title = "a" }, options: options)), Payload(SaveSerializer.Save(loaded, options: options)));
    }

    [Theory]
    [InlineData("<Title>b</Title><Title>b</Title>", "Title")]
    [InlineData("<Name>a</Name><Title>b</Title><Name>a</Name>", "Name")]
    public void XmlElement_HoldingOneKeyTwice_IsRefusedAsDamaged(string twice, string key)
    {
        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<Colony>(Fuzzing.SaveFiles.Frame(SaveFormat.Xml, SaveCompression.None, XmlWithTitle(twice), Metadata())));

        Assert.Contains($"'{key}' twice", error.Message, StringComparison.Ordinal);
    }

    /// <summary>A release-2 XML payload of a colony whose title element is replaced by <paramref name="elements"/>.</summary>
    private static byte[] XmlWithTitle(string elements)
    {
        var xml = Encoding.UTF8.GetString(Payload(SaveSerializer.Save(new Colony { Title = "b" }, options: new SaveOptions { Format = SaveFormat.Xml })));
        var replaced = xml.Replace("<Title>b</Title>", elements, StringComparison.Ordinal);
        Assert.NotEqual(xml, replaced);
        return Encoding.UTF8.GetBytes(replaced);
    }

    /// <summary>Release 1's save of <paramref name="game"/>, as the game's release 1 wrote it (under the game's model Id).</summary>
    private static byte[] ReleaseOneSave(ColonyV1 game, SaveOptions options) =>
        Reframed(SaveSerializer.Save(game, options: options), SaveModels.IdOf<Colony>(), options);

    // docs/GUIDE.md: a player on release 2 goes back to release 1 (a rollback, a beta branch), plays and saves. Release 1
    // writes its own members under the earlier keys and writes back release 2's keys, which it kept as members it lacks
    // (stale copies). Back on release 2 the earlier keys' values are the game: it loads release 1's values (its renamed
    // members as release 1 last had them), and saved again the save holds the new keys only. Protobuf numbers the
    // member alike in both releases, so release 1 reads and writes the one field.
    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public void SaveOfTheRenamingRelease_SavedAgainByTheReleaseBefore_LoadsWithTheReleaseBeforesValues(SaveFormat format, SaveCompression compression)
    {
        var options = new SaveOptions { Format = format, Compression = compression };
        var older = SaveSerializer.Load<ColonyV1>(Reframed(SaveSerializer.Save(Release2(), options: options), SaveModels.IdOf<ColonyV1>(), options));
        Assert.Equal(format == SaveFormat.Protobuf ? "Haven" : "", older.Name);

        // Played on release 1: renamed members changed there (others left as release 1 loaded them).
        older.Name = "Outpost";
        older.Day++;
        older.Crew[0].Nickname = "Ash the Elder";
        older.ByPost["mill"] = new ColonistV1 { Nickname = "Fen", Age = 33 };
        ((SettlerV1)older.Units[0]).Nickname = "Eve the Bold";
        older.Beacon.Frequency = 243.0;

        // Release 1 read the record without its renamed parameter (null, which it can't save): given one on this same
        // instance (init-only, so by reflection), which keeps release 2's key beside it, as a game's own object would.
        typeof(ShiftV1).GetProperty(nameof(ShiftV1.Place))!.SetValue(older.Shift, "south field");
        var back = Reframed(SaveSerializer.Save(older, options: options), SaveModels.IdOf<Colony>(), options);
        if (format != SaveFormat.Protobuf)
        {
            // The case at hand: release 1's save holds both keys (its own member, and release 2's kept as it was).
            var text = Encoding.UTF8.GetString(Payload(back));
            Assert.Contains("Nickname", text, StringComparison.Ordinal);
            Assert.Contains("Callsign", text, StringComparison.Ordinal);
            Assert.Contains("Where", text, StringComparison.Ordinal);
        }

        var loaded = SaveSerializer.Load<Colony>(back);

        var expected = AsReleaseTwo(older);
        GraphAssert.Equal(expected, loaded);
        var again = Payload(SaveSerializer.Save(loaded, options: options));
        Assert.Equal(Payload(SaveSerializer.Save(expected, options: options)), again);
        if (format != SaveFormat.Protobuf)
        {
            var text = Encoding.UTF8.GetString(again);
            Assert.DoesNotContain("Nickname", text, StringComparison.Ordinal);
            Assert.DoesNotContain("ByPost", text, StringComparison.Ordinal);
            Assert.Contains("Callsign", text, StringComparison.Ordinal);
        }
    }

    /// <summary>Release 1's game as release 2 holds it: each renamed member with release 1's value.</summary>
    private static Colony AsReleaseTwo(ColonyV1 game) => new()
    {
        Title = game.Name,
        Day = game.Day,
        Crew = game.Crew.Select(AsReleaseTwo).ToList(),
        Posts = game.ByPost.ToDictionary(p => p.Key, p => AsReleaseTwo(p.Value)),
        Units = game.Units.Select(u => u switch
        {
            SettlerV1 s => (Unit)new Pioneer { Callsign = s.Nickname, Health = s.Health },
            DroneV1 d => new Drone { Serial = d.Serial },
            _ => throw new InvalidOperationException(u.GetType().Name),
        }).ToList(),
        Shift = game.Shift is { } shift ? new Shift(shift.Place, shift.Hours) : null,
        Beacon = new Beacon { Frequency = game.Beacon.Frequency, Lit = game.Beacon.Lit },
    };

    private static Colonist AsReleaseTwo(ColonistV1 colonist) => new() { Callsign = colonist.Nickname, Age = colonist.Age };

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

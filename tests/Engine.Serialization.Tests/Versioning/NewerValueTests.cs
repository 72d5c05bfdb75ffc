using System.Buffers;
using Engine.Serialization.Container;
using Engine.Serialization.Migrations;
using Engine.Serialization.Tests.Fixtures;
using Engine.Serialization.Tests.Fuzzing;

namespace Engine.Serialization.Tests.Versioning;

/// <summary>
/// A newer release's save holding a value the older game can't hold (a long past int's range, a double past float's, an
/// enum value or a union case it lacks) is refused in every format as a newer game's, naming where the value sits; in a
/// save older than the game, whose values no newer release wrote, the same value is damage (docs/GUIDE.md).
/// </summary>
public sealed class NewerValueTests
{
    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public void NewerValue_IsRefusedAsANewerSave_NamingItsPath(SaveFormat format, SaveCompression compression)
    {
        var cases = new (NewerSettlement Save, string Path, string What)[]
        {
            (new() { Player = new() { Gold = 3_000_000_000 } }, "Player.Gold", "a number larger than its member's type can hold"),
            (new() { Player = new() { Stamina = 1e300 } }, "Player.Stamina", "a number larger than its member's type can hold"),
            (new() { Settlers = [new(), new() { Gold = -3_000_000_000 }] }, "Settlers[1].Gold", "a number larger"),
            (new() { Settlers = [new(), new(), new() { Mood = NewerMood.Joyful }] }, "Settlers[2].Mood", " as a Engine.Serialization.Tests.Versioning.Mood, which is none of the values"),
            (new() { ByName = { ["ada"] = new() { Gold = long.MaxValue } } }, "ByName[ada].Gold", "a number larger"),
            (new() { Units = [new NewerFarmer(), new Knight()] }, "Units[1]", "a kind of"),
            (new() { Units = [new NewerFarmer(), new NewerFarmer { Crops = 1 }] }, null!, null!),
        };

        foreach (var (save, path, what) in cases)
        {
            byte[] file = NewerGamesSave(save, format, compression, schema: 1);
            if (path is null)
            {
                Assert.Equal(2, SaveSerializer.Load<Settlement>(file).Units.Count);
                continue;
            }

            var error = Assert.Throws<UnsupportedSaveVersionException>(() => SaveSerializer.Load<Settlement>(file));

            Assert.Contains($" at {path}: the save may come from a newer release of the game (update the game to load it), or it was edited.", error.Message, StringComparison.Ordinal);
            Assert.Contains(what, error.Message, StringComparison.Ordinal);
        }
    }

    // Not protobuf: an older protobuf save is read through its model's record of that schema's field numbers, and these
    // steps (to schema 2) are not the model's own (schema 1), so it is refused before it is read.
    [Theory]
    [InlineData(SaveFormat.MessagePack)]
    [InlineData(SaveFormat.Xml)]
    public void SameValue_InASaveOlderThanTheGame_IsDamageNotANewerSave(SaveFormat format)
    {
        byte[] file = NewerGamesSave(new NewerSettlement { Player = new() { Gold = 3_000_000_000 } }, format, SaveCompression.None, schema: 1);
        var game = new LoadOptions { Migrations = new SchemaMigrations(2, [new NothingToChange()]) };

        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<Settlement>(file, game));

        Assert.Contains("at Player.Gold, but it is of schema 1, older than this game's 2, so no newer release of the game wrote it", error.Message, StringComparison.Ordinal);
    }

    /// <summary>A save of the settlement's next release, as the older game finds it: framed with the settlement's model id.</summary>
    private static byte[] NewerGamesSave(NewerSettlement settlement, SaveFormat format, SaveCompression compression, int schema)
    {
        byte[] payload = SaveFiles.DecodedPayload(SaveSerializer.Save(settlement, options: new SaveOptions { Format = format }));
        var stored = new ArrayBufferWriter<byte>();
        Compression.PayloadCompression.Compress(compression, payload, stored, Compression.Lz4Level.Fast);
        var file = new ArrayBufferWriter<byte>();
        SaveContainer.Write(file, format, compression, schema, new SaveMetadata { ModelId = Settlement.ModelId }, stored.WrittenSpan, payload.Length, LoadOptions.Default);
        return file.WrittenSpan.ToArray();
    }

    private sealed class NothingToChange : ISchemaMigration
    {
        public int FromVersion => 1;

        public string Description => "nothing";

        public void Apply(DocumentObject root)
        {
        }
    }
}

using MessagePack;

namespace Engine.Serialization.Generator.Tests;

public sealed class VersionToleranceTests
{
    [Fact]
    public void Deserialize_UnknownKeys_AreSkipped()
    {
        var newer = new PlayerV2
        {
            Name = "ann",
            Level = 9,
            Faction = Faction.Blue,
            Inventory = [new Item { Name = "sword", Count = 1 }],
            Stats = new Stats { Health = 3, Tags = ["x"] },
        };

        var older = Serializer.Deserialize<PlayerV1>(Serializer.Serialize(newer));

        Assert.Equal("ann", older.Name);
        Assert.Equal(9, older.Level);
    }

    [Fact]
    public void Deserialize_MissingKeys_KeepConstructorDefaults()
    {
        var newer = Serializer.Deserialize<PlayerV2>(Serializer.Serialize(new PlayerV1 { Name = "bob", Level = 2 }));

        Assert.Equal("bob", newer.Name);
        Assert.Equal(2, newer.Level);
        Assert.Equal(Faction.Red, newer.Faction);
        Assert.Equal("starter", Assert.Single(newer.Inventory).Name);
        Assert.Null(newer.Stats);
    }

    [Fact]
    public void Deserialize_EmptyMap_KeepsAllDefaults()
    {
        var player = Serializer.Deserialize<PlayerV1>(Serializer.Handwritten((ref MessagePackWriter writer) => writer.WriteMapHeader(0)));

        Assert.Equal("nobody", player.Name);
        Assert.Equal(1, player.Level);
    }

    [Fact]
    public void Deserialize_NonStringKeysAndNestedJunk_AreSkipped()
    {
        var bytes = Serializer.Handwritten((ref MessagePackWriter writer) =>
        {
            writer.WriteMapHeader(5);
            writer.Write(7);
            writer.WriteMapHeader(1);
            writer.Write("deep");
            writer.WriteArrayHeader(2);
            writer.WriteNil();
            writer.Write(new byte[] { 1, 2 });
            writer.Write("Name");
            writer.Write("carl");
            writer.WriteNil();
            writer.Write(true);
            writer.WriteArrayHeader(1);
            writer.Write(1);
            writer.Write("ignored");
            writer.Write("Levels");
            writer.WriteArrayHeader(3);
            writer.Write(1);
            writer.Write(2.5);
            writer.Write("three");
        });

        var player = Serializer.Deserialize<PlayerV1>(bytes);

        Assert.Equal("carl", player.Name);
        Assert.Equal(1, player.Level);
    }

    [Fact]
    public void Deserialize_DuplicateKey_IsRefused()
    {
        var bytes = Serializer.Handwritten((ref MessagePackWriter writer) =>
        {
            writer.WriteMapHeader(2);
            writer.Write("Level");
            writer.Write(4);
            writer.Write("Level");
            writer.Write(5);
        });

        // MessagePack-CSharp keeps the last value; which one the writer meant can't be known, so a save is refused.
        // (Through MessagePackSerializer, which wraps what a formatter throws.)
        var error = Assert.Throws<MessagePackSerializationException>(() => Serializer.Deserialize<PlayerV1>(bytes));
        Assert.Contains("'Level' twice", Assert.IsType<Engine.Serialization.Errors.SaveCorruptedException>(error.InnerException).Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Deserialize_KeyLongerThan31Bytes_IsMatched()
    {
        var bytes = Serializer.Handwritten((ref MessagePackWriter writer) =>
        {
            writer.WriteMapHeader(2);
            writer.Write(new string('x', 40));
            writer.Write(1);
            writer.Write("Name");
            writer.Write("dora");
        });

        Assert.Equal("dora", Serializer.Deserialize<PlayerV1>(bytes).Name);
    }
}

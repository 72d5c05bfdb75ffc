using MessagePack;

namespace Engine.Serialization.Generator.Tests;

public sealed class WireFormatTests
{
    [Fact]
    public void Serialize_Object_WritesMapWithStringKeys_PropertiesThenFields_AsMessagePacksResolverOrdersThem()
    {
        var bytes = Serializer.Serialize(RoundTripTests.CreateSample());

        Assert.Equal(MessagePackType.Map, new MessagePackReader(bytes).NextMessagePackType);
        Assert.Equal(
            [
                "Primitives", "Stats", "Missing", "Items", "Names", "ItemArray", "Weights", "Blob", "Rarity",
                "Factions", "OptionalInt", "AbsentInt", "Grid", "Original", "Position", "OptionalPosition",
            ],
            Serializer.TopLevelKeys(bytes));
    }

    [Fact]
    public void Serialize_ExplicitKeys_UsesKeyNamesAndLeavesOutIgnoredMembers()
    {
        var bytes = Serializer.Serialize(new Stats { Health = 5, Tags = ["x"], Cached = 3 });

        Assert.Equal(["hp", "tags"], Serializer.TopLevelKeys(bytes));
    }

    [Fact]
    public void Serialize_Object_MatchesMessagePackJsonView()
    {
        var bytes = Serializer.Serialize(new PlayerV2 { Name = "ann", Level = 3, Faction = Faction.Blue, Inventory = [] });

        Assert.Equal(
            """{"Name":"ann","Level":3,"Faction":2,"Inventory":[],"Stats":null}""",
            MessagePackSerializer.ConvertToJson(bytes, Serializer.Options));
    }

    [Fact]
    public void Serialize_ByteEnum_WritesUnderlyingInteger()
    {
        var bytes = Serializer.Serialize(new SampleGraph { Rarity = Rarity.Rare });
        var reader = new MessagePackReader(bytes);
        var count = reader.ReadMapHeader();
        for (var i = 0; i < count; i++)
        {
            if (reader.ReadString() == "Rarity")
            {
                Assert.Equal(MessagePackType.Integer, reader.NextMessagePackType);
                Assert.Equal(1, reader.ReadInt32());
                return;
            }

            reader.Skip();
        }

        Assert.Fail("Rarity key not written");
    }
}

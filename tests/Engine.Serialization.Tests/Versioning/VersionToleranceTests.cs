using System.Buffers;
using System.Text.Json.Nodes;
using Engine.Core.Model;
using Engine.Serialization.Formats.MessagePack;
using Engine.Serialization.Tests.Fixtures;
using Engine.Testing;
using MessagePack;
using MessagePack.Resolvers;

namespace Engine.Serialization.Tests.Versioning;

/// <summary>
/// String keys let an older game read a newer save and the reverse. The fixture is the bare
/// MessagePack payload of a schema-1 save (build/freeze-fixtures.cs), never rewritten.
/// </summary>
public sealed class VersionToleranceTests
{
    private const string SchemaV1Small = "schema-v1/small.msgpack";

    private static readonly MessagePackSerializerOptions NewerOptions = new MessagePackSerializerOptions(
        CompositeResolver.Create(NewerModelResolver.Instance, BuiltinResolver.Instance)).WithSecurity(MessagePackSecurity.UntrustedData);

    [Fact]
    public void FrozenSchemaV1_LoadsWithTodaysModel_AndLosesNothing()
    {
        byte[] frozen = FixtureFiles.Read(SchemaV1Small);

        var content = Payload.Read(frozen);

        Assert.Equal(1, content.SchemaVersion);
        Assert.Equal("engine.generated", content.GameId);
        Assert.Equal(3, content.Rooms.Count);
        Assert.Equal(16 * 12, content.Rooms[0].WalkGrid.Cells.Count);
        AssertContains(AsJson(Encode(content)), AsJson(frozen), "root");
    }

    [Fact]
    public void FrozenSchemaV1_LoadsWithNewerModel_AddedMembersKeepDefaults()
    {
        byte[] frozen = FixtureFiles.Read(SchemaV1Small);
        var today = Payload.Read(frozen);

        var newer = MessagePackSerializer.Deserialize<NewerGameContent>(frozen, NewerOptions);

        Assert.Equal("normal", newer.Difficulty);
        Assert.Empty(newer.Achievements);
        Assert.All(newer.Rooms, room => Assert.Equal("clear", room.Weather));
        GraphAssert.Equal(today.Characters.ToList(), newer.Characters);
        GraphAssert.Equal(today.MessageLog.ToList(), newer.MessageLog);
        GraphAssert.Equal(today.Rooms.Select(r => r.WalkGrid).ToList(), newer.Rooms.Select(r => r.WalkGrid).ToList());
        GraphAssert.Equal(today.Rooms.Select(r => r.Objects.ToList()).ToList(), newer.Rooms.Select(r => r.Objects).ToList());
    }

    [Fact]
    public void NewerSave_LoadsWithTodaysModel_UnknownKeysSkipped_AbsentMembersDefault()
    {
        var newer = new NewerGameContent
        {
            GameId = "engine.generated",
            Title = "from a newer game",
            Difficulty = "hard",
            Achievements = ["found-the-key"],
            Rooms = [new NewerRoom { Id = "room.0", Weather = "rain" }],
            Player = new PlayerState { Score = 999 },
        };

        var loaded = Payload.Read(MessagePackSerializer.Serialize(newer, NewerOptions));

        var expected = new GameContent
        {
            GameId = "engine.generated",
            Title = "from a newer game",
            Rooms = [new Room { Id = "room.0" }],
            Player = new PlayerState { Score = 999 },
        };
        GraphAssert.Equal(expected, loaded);
    }

    private static readonly ISaveFormat<GameContent> Payload = SaveFormats.Get<GameContent>(SaveFormat.MessagePack);

    private static byte[] Encode(GameContent content)
    {
        var buffer = new ArrayBufferWriter<byte>();
        Payload.Write(buffer, content);
        return buffer.WrittenSpan.ToArray();
    }

    private static JsonNode AsJson(byte[] messagePack) =>
        JsonNode.Parse(MessagePackSerializer.ConvertToJson(messagePack, MessagePackSaveFormat.OptionsFor<GameContent>()))!;

    /// <summary>Asserts that every key and value of <paramref name="expected"/> is in <paramref name="actual"/>.</summary>
    private static void AssertContains(JsonNode? actual, JsonNode? expected, string path)
    {
        switch (expected)
        {
            case JsonObject expectedObject:
                var actualObject = Assert.IsType<JsonObject>(actual);
                foreach (var (key, value) in expectedObject)
                {
                    Assert.True(actualObject.ContainsKey(key), $"{path}.{key} was lost");
                    AssertContains(actualObject[key], value, $"{path}.{key}");
                }

                break;
            case JsonArray expectedArray:
                var actualArray = Assert.IsType<JsonArray>(actual);
                Assert.True(expectedArray.Count == actualArray.Count, $"{path} has {actualArray.Count} elements, expected {expectedArray.Count}");
                for (int i = 0; i < expectedArray.Count; i++)
                {
                    AssertContains(actualArray[i], expectedArray[i], $"{path}[{i}]");
                }

                break;
            default:
                Assert.True(JsonNode.DeepEquals(expected, actual), $"{path}: expected {expected?.ToJsonString()}, got {actual?.ToJsonString()}");
                break;
        }
    }
}

using System.Buffers;
using System.Xml;
using System.Xml.Serialization;
using Engine.Core.Model;
using Engine.Serialization.Container;
using Engine.Serialization.Migrations;
using Engine.Serialization.Tests.Fixtures;
using Engine.Testing;
using MessagePack;
using MessagePack.Resolvers;

namespace Engine.Serialization.Tests.Versioning;

/// <summary>
/// Frozen schema-1 saves, loaded by a schema-2 model (<see cref="SchemaV2GameContent"/>) through
/// its migration step; and the rules around it: only older saves migrate, newer ones are refused.
/// </summary>
public sealed class MigrationTests
{
    private static readonly LoadOptions SchemaV2 = new() { Migrations = new SchemaMigrations(2, [new SchemaV2Migration()]) };

    private static readonly MessagePackSerializerOptions V2MessagePack = new MessagePackSerializerOptions(
        CompositeResolver.Create(SchemaV2Resolver.Instance, BuiltinResolver.Instance)).WithSecurity(MessagePackSecurity.UntrustedData);

    public static TheoryData<string> NamedFormatFixtures =>
        ["small-messagepack-none.sav", "small-messagepack-lz4.sav", "small-xml-none.sav", "small-xml-lz4.sav"];

    public static TheoryData<string> AllFixtures =>
        [.. NamedFormatFixtures, "small-protobuf-none.sav", "small-protobuf-lz4.sav"];

    [Theory]
    [MemberData(nameof(AllFixtures))]
    public void FrozenSchemaV1Save_LoadsWithTodaysModel_EqualToTheFrozenPayload(string fixture)
    {
        var expected = SaveSerializer.Load<GameContent>(Reframe(FixtureFiles.Read("schema-v1/small.msgpack"), SaveFormat.MessagePack, 1));

        GraphAssert.Equal(expected, SaveSerializer.Load<GameContent>(FixtureFiles.Read($"schema-v1/{fixture}")));
    }

    [Theory]
    [MemberData(nameof(NamedFormatFixtures))]
    public void FrozenSchemaV1Save_MigratesToSchemaV2_RenamedAndRetypedMembersCarryTheirValues(string fixture)
    {
        byte[] frozen = FixtureFiles.Read($"schema-v1/{fixture}");
        var today = SaveSerializer.Load<GameContent>(frozen);
        Assert.Contains(today.Rooms, room => room.MusicTrack.Length > 0);
        Assert.NotEmpty(today.Timers);

        var (info, payload) = SaveSerializer.ReadPayload(frozen, SchemaV2);
        var migrated = DecodeV2(info.Header.Format, payload);

        Assert.Equal(2, migrated.SchemaVersion);
        GraphAssert.Equal(SchemaV2GameContent.From(today), migrated);
    }

    [Theory]
    [InlineData("small-protobuf-none.sav")]
    [InlineData("small-protobuf-lz4.sav")]
    public void FrozenSchemaV1ProtobufSave_WithNoModelOfTheStepsSchema_IsRefusedClearly(string fixture)
    {
        // No model of schema 2 is built here (SchemaV2GameContent is no [SaveModel]), so nothing records which field each number was.
        var error = Assert.Throws<UnsupportedSaveVersionException>(() => SaveSerializer.ReadPayload(FixtureFiles.Read($"schema-v1/{fixture}"), SchemaV2));

        Assert.Contains("lacks the record of schema 1's field numbers", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(SaveFormat.MessagePack)]
    [InlineData(SaveFormat.Xml)]
    public void CurrentSchemaSave_IsNotMigrated(SaveFormat format)
    {
        var counting = new CountingMigration();
        var options = new LoadOptions { Migrations = new SchemaMigrations(2, [counting]) };
        byte[] payload = EncodeV2(format, SchemaV2GameContent.From(SaveSerializer.Load<GameContent>(FixtureFiles.Read("schema-v1/small-messagepack-none.sav"))));

        var (_, read) = SaveSerializer.ReadPayload(Reframe(payload, format, 2), options);

        Assert.Equal(0, counting.Applied);
        Assert.Equal(payload, read.ToArray());
    }

    [Fact]
    public void NewerSchemaSave_IsRefusedClearly_ByTodaysGame()
    {
        byte[] newer = Reframe(FixtureFiles.Read("schema-v1/small.msgpack"), SaveFormat.MessagePack, GameContent.CurrentSchemaVersion + 1);

        var error = Assert.Throws<UnsupportedSaveVersionException>(() => SaveSerializer.Load<GameContent>(newer));

        Assert.Contains("newer version of the game", error.Message, StringComparison.Ordinal);
        Assert.Contains("update the game", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void SaveOlderThanTheOldestStep_IsRefusedClearly()
    {
        var options = new LoadOptions { Migrations = new SchemaMigrations(3, [new StepFrom(2)]) };

        var error = Assert.Throws<UnsupportedSaveVersionException>(() => SaveSerializer.ReadPayload(FixtureFiles.Read("schema-v1/small-xml-none.sav"), options));

        Assert.Contains("older than this version of the game", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void MigrationStep_OnAMalformedDocument_FailsAsSaveCorrupted_NamingTheStep()
    {
        var document = MessagePackSerializer.Serialize(
            new Dictionary<string, object> { ["SchemaVersion"] = 1, ["Timers"] = new object[] { new Dictionary<string, object> { ["RemainingSeconds"] = "soon" } } },
            MessagePackSerializerOptions.Standard);

        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.ReadPayload(Reframe(document, SaveFormat.MessagePack, 1), SchemaV2));

        Assert.Contains(new SchemaV2Migration().Description, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void SchemaMigrations_WithAGapOrADuplicate_AreRejectedWhenBuilt()
    {
        Assert.Throws<ArgumentException>(() => new SchemaMigrations(3, [new StepFrom(1)]));
        Assert.Throws<ArgumentException>(() => new SchemaMigrations(3, [new StepFrom(1), new StepFrom(1), new StepFrom(2)]));
        Assert.Throws<ArgumentException>(() => new SchemaMigrations(4, [new StepFrom(1), new StepFrom(3)]));
        Assert.Throws<ArgumentException>(() => new SchemaMigrations(2, [new StepFrom(2)]));
        Assert.Equal(1, new SchemaMigrations(3, [new StepFrom(2), new StepFrom(1)]).OldestVersion);
    }

    private static SchemaV2GameContent DecodeV2(SaveFormat format, ReadOnlyMemory<byte> payload)
    {
        if (format == SaveFormat.MessagePack)
        {
            return MessagePackSerializer.Deserialize<SchemaV2GameContent>(payload, V2MessagePack);
        }

        using var reader = XmlReader.Create(new MemoryStream(payload.ToArray()));
        return (SchemaV2GameContent)new XmlSerializer(typeof(SchemaV2GameContent)).Deserialize(reader)!;
    }

    private static byte[] EncodeV2(SaveFormat format, SchemaV2GameContent content)
    {
        if (format == SaveFormat.MessagePack)
        {
            return MessagePackSerializer.Serialize(content, V2MessagePack);
        }

        using var stream = new MemoryStream();
        new XmlSerializer(typeof(SchemaV2GameContent)).Serialize(stream, content);
        return stream.ToArray();
    }

    /// <summary>A whole save around a bare payload, claiming <paramref name="schemaVersion"/>.</summary>
    private static byte[] Reframe(byte[] payload, SaveFormat format, int schemaVersion)
    {
        var file = new ArrayBufferWriter<byte>();
        SaveContainer.Write(file, format, SaveCompression.None, schemaVersion, new SaveMetadata { Title = "test", ModelId = SaveContainer.Version1ModelId }, payload, payload.Length);
        return file.WrittenSpan.ToArray();
    }

    private sealed class CountingMigration : ISchemaMigration
    {
        public int Applied { get; private set; }

        public int FromVersion => 1;

        public string Description => "counts";

        public void Apply(DocumentObject root) => Applied++;
    }

    private sealed class StepFrom(int version) : ISchemaMigration
    {
        public int FromVersion => version;

        public string Description => $"step from {version}";

        public void Apply(DocumentObject root)
        {
        }
    }
}

using System.Buffers;
using Engine.Core.Model;
using Engine.Serialization.Container;
using Engine.Serialization.Tests.Fixtures;
using Engine.Serialization.Tests.Fuzzing;
using MessagePack;
using ProtoBuf;

namespace Engine.Serialization.Tests.Formats.Protobuf;

/// <summary>
/// docs/FORMAT.md, the protobuf payload and step 12 of "Reading, in order": the root's SchemaVersion is written even when it
/// holds the model's default, so a reader of the payload alone can hold it to the header's; a payload of an earlier build
/// that left it out holds the model's default there, as any absent field does, and is held to the header like any other.
/// </summary>
public sealed class ProtobufSchemaVersionTests
{
    [Fact]
    public void Save_WritesTheRootsSchemaVersion_EvenWhenItHoldsTheModelsDefault()
    {
        var content = ContentGenerator.Create(ContentSize.Small);
        Assert.Equal(new GameContent().SchemaVersion, content.SchemaVersion);

        byte[] save = SaveSerializer.Save(content, options: new SaveOptions { Format = SaveFormat.Protobuf });

        Assert.Equal(GameContent.CurrentSchemaVersion, TopLevelVarint(SaveFiles.DecodedPayload(save), field: 1));
    }

    [Theory]
    [InlineData("schema-v1/small-protobuf-none.sav")]
    [InlineData("schema-v1/edges-protobuf-lz4.sav")]
    public void Load_FrozenSaveLeavingItOut_HoldsTheModelsDefault_TheHeadersWhenItWasWritten(string fixture)
    {
        byte[] frozen = FixtureFiles.Read(fixture);
        Assert.Null(TopLevelVarint(SaveFiles.DecodedPayload(frozen), field: 1));

        var loaded = SaveSerializer.Load<GameContent>(frozen);

        Assert.Equal(GameContent.CurrentSchemaVersion, loaded.SchemaVersion);
    }

    [Theory]
    [InlineData(null)] // left out: the model's default, 0, which is not the header's 3
    [InlineData(2)]
    public void Load_PayloadWhoseSchemaVersionIsNotTheHeaders_IsRefused(int? held)
    {
        byte[] payload = held is { } version ? LedgerSchemaVersion(version) : [];

        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<Ledger>(Frame(payload)));

        Assert.Contains($"The payload says it holds schema {held ?? 0}, the header schema 3", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Load_PayloadHoldingTheHeadersSchemaVersion_Loads()
    {
        Assert.Equal(3, SaveSerializer.Load<Ledger>(Frame(LedgerSchemaVersion(3))).SchemaVersion);
        Assert.Equal(3, SaveSerializer.Load<Ledger>(SaveSerializer.Save(new Ledger { SchemaVersion = 3 }, options: new SaveOptions { Format = SaveFormat.Protobuf })).SchemaVersion);
    }

    /// <summary>A Ledger payload holding only its SchemaVersion, in the field its .proto numbers it.</summary>
    private static byte[] LedgerSchemaVersion(int version)
    {
        int field = ProtoPayloads.FieldNumber<Ledger>("schema_version");
        var payload = new ArrayBufferWriter<byte>();
        var writer = ProtoWriter.State.Create(payload, model: null);
        try
        {
            writer.WriteFieldHeader(field, WireType.Varint);
            writer.WriteInt32(version);
            writer.Close();
        }
        finally
        {
            writer.Dispose();
        }

        return payload.WrittenSpan.ToArray();
    }

    /// <summary>A Ledger save of schema 3 around a protobuf payload.</summary>
    private static byte[] Frame(byte[] payload)
    {
        var file = new ArrayBufferWriter<byte>();
        SaveContainer.Write(file, SaveFormat.Protobuf, SaveCompression.None, 3, new SaveMetadata { ModelId = Ledger.ModelId }, payload, payload.Length);
        return file.WrittenSpan.ToArray();
    }

    /// <summary>The value of a varint field at a message's top level, or null when it is absent.</summary>
    private static long? TopLevelVarint(byte[] message, int field) => ProtoPayloads.TopLevel(message).SingleOrDefault(f => f.Field == field).Varint;
}

/// <summary>A model whose SchemaVersion member defaults to 0 while its schema is 3: a default that is not the header's.</summary>
[SaveModel(Id = ModelId, SchemaVersion = 3)]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class Ledger
{
    public const string ModelId = "tests.ledger";

    public int SchemaVersion { get; set; }
}

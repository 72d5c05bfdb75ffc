using System.Buffers;
using Engine.Serialization.Documents;
using Engine.Serialization.Inspection;
using Engine.Serialization.Models;
using Engine.Serialization.Tests.Models;
using Engine.Serialization.Tests.Versioning;

namespace Engine.Serialization.Tests.Documents;

/// <summary>
/// A protobuf payload opened as a document through its model's .proto: payloads that are not a well-formed message of
/// that schema are refused as damaged, never a crash or an allocation the payload can't pay for.
/// </summary>
public sealed class ProtobufDocumentTests
{
    // ColonyV1's "name" is field 158294, a string; "entities" is 142658, repeated messages.
    private const int Name = 158294;
    private const int Entities = 142658;

    public static TheoryData<string, byte[]> Hostile() => new()
    {
        { "truncated", Payload()[..^1] },
        { "a text field as a number", [.. Tag(Name, 0), 0x05] },
        { "a list of objects as a number", [.. Tag(Entities, 0), 0x05] },
        { "a length past the end", [.. Tag(Name, 2), 0xFF, 0xFF, 0xFF, 0xFF, 0x0F, (byte)'x'] },
        { "a length past 2 GiB", [.. Tag(Name, 2), 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01] },
        { "a number of eleven bytes", [.. Tag(Name, 0), .. Enumerable.Repeat((byte)0xFF, 10), 0x01] },
        { "a group", [.. Tag(Name, 3), .. Tag(Name, 4)] },
        { "field number 0", [0x02, 0x00] },
        { "a damaged item", [.. Tag(Entities, 2), 0x03, .. Tag(1, 2), 0x05] },
    };

    [Theory]
    [MemberData(nameof(Hostile))]
    public void Open_PayloadThatIsNoMessageOfTheSchema_ThrowsSaveCorrupted(string what, byte[] payload)
    {
        var error = Assert.Throws<SaveCorruptedException>(() => SaveDocuments.Open(SaveFormat.Protobuf, payload, Colony, schemaVersion: 1));

        Assert.Contains("not a well-formed message of schema 1", error.Message, StringComparison.Ordinal);
        Assert.False(string.IsNullOrEmpty(what));
    }

    [Fact]
    public void Open_MessagesNestedPastTheDepthLimit_ThrowsSaveCorrupted()
    {
        var proto = ProtoSchema.Parse(SaveModels.SchemasOf<NestedWorld>().Proto);
        int root = proto.Root.Field("root")!.Number;
        int children = proto.Root.Field("root")!.Message!.Field("children")!.Number;
        byte[] node = [];
        for (int level = 0; level < 2000; level++)
        {
            node = LengthDelimited(children, node);
        }

        var error = Assert.Throws<SaveCorruptedException>(
            () => SaveDocuments.Open(SaveFormat.Protobuf, LengthDelimited(root, node), SaveModels.Find(SaveModels.IdOf<NestedWorld>()), schemaVersion: 1));

        Assert.Contains("nests deeper than", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Open_UnknownFields_AreWrittenBackWhereTheirNumbersAreFree()
    {
        byte[] payload = [.. Payload(), .. Tag(7, 2), 0x01, (byte)'x', .. Tag(9, 0), 0x2A];

        var encoded = SaveDocuments.Open(SaveFormat.Protobuf, payload, Colony, schemaVersion: 1)!.Encode();

        Assert.Equal(payload, encoded);
    }

    private static RegisteredModel Colony => SaveModels.Find("tests.colony.v1")!;

    private static byte[] Tag(int number, int wire)
    {
        var tag = new ArrayBufferWriter<byte>();
        ProtoWireWriter.Tag(tag, number, (ProtoWireType)wire);
        return tag.WrittenSpan.ToArray();
    }

    private static byte[] LengthDelimited(int number, byte[] value)
    {
        var field = new ArrayBufferWriter<byte>();
        ProtoWireWriter.LengthDelimited(field, number, value);
        return field.WrittenSpan.ToArray();
    }

    private static byte[] Payload()
    {
        var buffer = new ArrayBufferWriter<byte>();
        SaveFormats.Get<ColonyV1>(SaveFormat.Protobuf).Write(buffer, UnionMigrationTests.Release1());
        return buffer.WrittenSpan.ToArray();
    }
}

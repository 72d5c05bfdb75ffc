using System.Buffers;
using Engine.Serialization.Documents;
using Engine.Serialization.Migrations;
using Engine.Serialization.Models;
using Engine.Serialization.Tests.Versioning;

namespace Engine.Serialization.Tests.Documents;

/// <summary>
/// A migration step walks the same objects in every format: union cases (their wrapper unseen), list items and dictionary
/// entries, with the same cases and keys; and a walk that edits nothing writes the payload back as it was. A protobuf
/// payload is opened through its model's .proto, which names its fields.
/// </summary>
public sealed class DocumentWalkTests
{
    public static TheoryData<SaveFormat> Formats => [SaveFormat.MessagePack, SaveFormat.Xml, SaveFormat.Protobuf];

    [Theory]
    [MemberData(nameof(Formats))]
    public void UnionCasesListsAndDictionaries_ReadTheSame_InEveryFormat(SaveFormat format)
    {
        var root = Open(format, Payload(format)).Root;

        Assert.Equal(
            new (int?, string?)[] { (0, "Hawk"), (1, "Digger"), (0, "Wren") },
            root.Objects("Entities").Select(unit => (unit.UnionCase, unit.GetString("Nickname"))));
        Assert.Equal(((int?)0, (long?)9), (root.Object("Leader")!.UnionCase, root.Object("Leader")!.GetInt64("Rank")));
        Assert.Equal(
            new (long, int?, string?)[] { (2, 1, "Smith"), (5, 0, "Gate") },
            root.Dictionary("Garrison").Select(post => (post.GetKeyInt64(), post.Value!.UnionCase, post.Value.GetString("Nickname"))));
        Assert.Equal(
            new (string, int?, string?)[] { ("Ada", null, "Ace"), ("Bo", null, "Bee") },
            root.Dictionary("Settlers").Select(settler => (settler.GetKeyString(), settler.Value!.UnionCase, settler.Value.GetString("Nickname"))));
        Assert.Null(root.UnionCase);
        Assert.Empty(root.Objects("NoSuchMember"));
        Assert.Empty(root.Dictionary("NoSuchMember"));
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void WalkThatEditsNothing_WritesThePayloadBackAsItWas(SaveFormat format)
    {
        byte[] payload = Payload(format);
        var untouched = Open(format, payload).Encode();
        var document = Open(format, payload);

        var opened = document.Root.Objects("Entities").Concat([document.Root.Object("Leader")!])
            .Concat(document.Root.Dictionary("Garrison").Select(post => post.Value!))
            .Concat(document.Root.Dictionary("Settlers").Select(settler => settler.Value!));

        Assert.Equal(8, opened.Count());
        Assert.Equal(untouched, document.Encode());
        if (format != SaveFormat.Xml)
        {
            Assert.Equal(payload, document.Encode());
        }
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void RenameOfAMemberAnObjectLacks_ReturnsFalse_AndLeavesTheObjectAsItWas(SaveFormat format)
    {
        var document = Open(format, Payload(format));
        var worker = document.Root.Objects("Entities")[1];

        Assert.False(worker.Rename("Rank", "Grade"));
        Assert.True(worker.Rename("Nickname", "Callsign"));
        Assert.Equal(((string?)"Digger", false), (worker.GetString("Callsign"), worker.Has("Nickname")));
    }

    private static SaveDocument Open(SaveFormat format, byte[] payload) =>
        SaveDocuments.Open(format, payload, SaveModels.Find("tests.colony.v1"), schemaVersion: 1)!;

    private static byte[] Payload(SaveFormat format)
    {
        var buffer = new ArrayBufferWriter<byte>();
        SaveFormats.Get<ColonyV1>(format).Write(buffer, UnionMigrationTests.Release1());
        return buffer.WrittenSpan.ToArray();
    }
}

using Engine.Core.Model;
using Engine.Serialization.Tests.Fixtures;
using Engine.Testing;
using RpgGame.Model;

namespace Engine.Serialization.Tests.Versioning;

/// <summary>
/// Saves written by earlier builds (build/freeze-fixtures.cs), in every format and compression, load
/// with today's code into exactly the content they were made from: a change to any format's
/// encoding, the container or the model that would misread a player's existing save fails here.
/// </summary>
public sealed class FrozenSavesTests
{
    public static TheoryData<string, string> Saves() => Data(Frozen());

    public static TheoryData<string, string> MessagePackAndXmlSaves() =>
        Data(Frozen().Where(save => !save.Fixture.Contains("-protobuf-", StringComparison.Ordinal)));

    // TheoryData's Add takes the two values apart (in xUnit v2 and v3 alike, which both run these tests).
    private static TheoryData<string, string> Data(IEnumerable<(string Content, string Fixture)> saves)
    {
        var data = new TheoryData<string, string>();
        foreach (var (content, fixture) in saves)
        {
            data.Add(content, fixture);
        }

        return data;
    }

    private static IEnumerable<(string Content, string Fixture)> Frozen() =>
        from content in (string[])["small", "edges"]
        from format in (string[])["messagepack", "xml", "protobuf"]
        from compression in (string[])["none", "lz4"]
        select (content, $"schema-v1/{content}-{format}-{compression}.sav");

    [Theory]
    [MemberData(nameof(Saves))]
    public void FrozenSave_Loads_AndEqualsTheContentItWasMadeFrom(string content, string fixture)
    {
        GameContent expected = content == "edges" ? ContentGenerator.CreateEdgeCases() : ContentGenerator.Create(ContentSize.Small);

        var loaded = SaveSerializer.Load<GameContent>(FixtureFiles.Read(fixture));

        GraphAssert.Equal(expected, loaded);
    }

    /// <summary>
    /// Today's writer keeps the document shape the saves were frozen with: the MessagePack and XML payloads it writes for
    /// the same content are the frozen ones, byte for byte (the load above would also accept reordered or renamed
    /// members it tolerates). Protobuf is held to its field numbers elsewhere (ProtobufSaveFormatTests, the protoc
    /// test): its payloads differ in one place, an empty height grid, whose empty packed cells field the generated
    /// writer leaves out where protobuf-net wrote it with length 0; both read as the same empty list.
    /// </summary>
    [Theory]
    [MemberData(nameof(MessagePackAndXmlSaves))]
    public void FrozenSave_Payload_IsWhatTodaysWriterWrites(string content, string fixture)
    {
        GameContent source = content == "edges" ? ContentGenerator.CreateEdgeCases() : ContentGenerator.Create(ContentSize.Small);
        var (info, payload) = SaveSerializer.ReadPayload<GameContent>(FixtureFiles.Read(fixture));
        var (_, written) = SaveSerializer.ReadPayload<GameContent>(SaveSerializer.Save(source, options: new SaveOptions { Format = info.Header.Format }));

        Assert.True(payload.Span.SequenceEqual(written.Span), $"{fixture}: today's {info.Header.Format} payload differs from the frozen one");
    }

    [Theory]
    [InlineData("rpg-v1/sample-messagepack-none.sav")]
    [InlineData("rpg-v1/sample-messagepack-lz4.sav")]
    [InlineData("rpg-v1/sample-xml-none.sav")]
    [InlineData("rpg-v1/sample-xml-lz4.sav")]
    [InlineData("rpg-v1/sample-protobuf-none.sav")]
    [InlineData("rpg-v1/sample-protobuf-lz4.sav")]
    public void FrozenRpgSave_Loads_AndEqualsTheSampleParty(string fixture)
    {
        var loaded = SaveSerializer.Load<PartyState>(FixtureFiles.Read(fixture));

        GraphAssert.Equal(PartyFactory.Sample(), loaded);
    }
}

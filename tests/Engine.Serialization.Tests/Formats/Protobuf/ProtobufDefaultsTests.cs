using MessagePack;

namespace Engine.Serialization.Tests.Formats.Protobuf;

/// <summary>
/// docs/FORMAT.md, protobuf payload: a field holding its default is left out (a collection when it is empty) and an
/// absent field keeps the model's default, so protobuf can't tell null from a non-null default, or an empty collection from a default that holds items
/// or is null: such a value is refused at save, and the other formats keep it.
/// </summary>
public sealed class ProtobufDefaultsTests
{
    [Theory]
    [InlineData(nameof(Signpost.Motto), "null")]
    [InlineData(nameof(Signpost.Arrows), "empty")]
    [InlineData(nameof(Signpost.Notes), "empty")]
    public void Save_AValueProtobufCantTellFromTheDefault_IsRefused_AndKeptByTheOtherFormats(string member, string what)
    {
        var signpost = new Signpost();
        switch (member)
        {
            case nameof(Signpost.Motto):
                signpost.Motto = null;
                break;
            case nameof(Signpost.Arrows):
                signpost.Arrows = [];
                break;
            default:
                signpost.Notes = [];
                break;
        }

        var output = new MemoryStream();
        var error = Assert.Throws<SaveEncodingException>(() => SaveSerializer.Save(output, signpost, options: new SaveOptions { Format = SaveFormat.Protobuf }));

        Assert.Contains($"can't tell Signpost.{member} being {what} from its default", error.Message, StringComparison.Ordinal);
        Assert.Equal(0, output.Length);
        foreach (var format in new[] { SaveFormat.MessagePack, SaveFormat.Xml })
        {
            var loaded = SaveSerializer.Load<Signpost>(SaveSerializer.Save(signpost, options: new SaveOptions { Format = format }));
            Assert.Equal((signpost.Motto, signpost.Arrows.Count, signpost.Notes?.Count), (loaded.Motto, loaded.Arrows.Count, loaded.Notes?.Count));
        }
    }

    // A collection is left out only when it is empty: Arrows, holding its default's one item, is written.
    [Fact]
    public void Save_ValuesEqualToTheDefaults_AreLeftOut_AndLoadAsTheDefaults()
    {
        byte[] save = SaveSerializer.Save(new Signpost(), options: new SaveOptions { Format = SaveFormat.Protobuf });

        Assert.Equal([Field(nameof(Signpost.Arrows))], TopLevelFields(Fuzzing.SaveFiles.DecodedPayload(save)));
        var loaded = SaveSerializer.Load<Signpost>(save);
        Assert.Equal(("onward", "north", null), (loaded.Motto, loaded.Arrows.Single(), loaded.Notes));
    }

    private static int Field(string member) => ProtoPayloads.FieldNumber<Signpost>(member.ToLowerInvariant());

    private static List<int> TopLevelFields(byte[] message) => [.. ProtoPayloads.TopLevel(message).Select(f => f.Field)];
}

/// <summary>Members whose defaults protobuf can't tell some values from: a non-null text that may be null, lists that start with an item or as null.</summary>
[SaveModel(Id = "tests.signpost")]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class Signpost
{
    public string? Motto { get; set; } = "onward";

    public List<string> Arrows { get; set; } = ["north"];

    public List<string>? Notes { get; set; }
}

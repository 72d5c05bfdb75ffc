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
    public static TheoryData<string, string> Saves()
    {
        var saves = new TheoryData<string, string>();
        foreach (string content in (string[])["small", "edges"])
        {
            foreach (string format in (string[])["messagepack", "xml", "protobuf"])
            {
                foreach (string compression in (string[])["none", "lz4"])
                {
                    saves.Add(content, $"schema-v1/{content}-{format}-{compression}.sav");
                }
            }
        }

        return saves;
    }

    [Theory]
    [MemberData(nameof(Saves))]
    public void FrozenSave_Loads_AndEqualsTheContentItWasMadeFrom(string content, string fixture)
    {
        GameContent expected = content == "edges" ? ContentGenerator.CreateEdgeCases() : ContentGenerator.Create(ContentSize.Small);

        var loaded = SaveSerializer.Load<GameContent>(FixtureFiles.Read(fixture));

        GraphAssert.Equal(expected, loaded);
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

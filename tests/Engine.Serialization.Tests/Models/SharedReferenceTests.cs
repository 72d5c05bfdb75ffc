using Engine.Serialization.Tests.Fixtures;
using Engine.Testing;
using MessagePack;

namespace Engine.Serialization.Tests.Models;

/// <summary>
/// docs/GUIDE.md, "A reference is saved as the object it points to": two members holding one object save two copies,
/// and the load gives two separate objects, equal to the one saved, in every format.
/// </summary>
public sealed class SharedReferenceTests
{
    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public void Load_OfASharedReference_GivesSeparateEqualObjects(SaveFormat format, SaveCompression compression)
    {
        var band = new Band { Members = [new Bard { Name = "Ada", Gold = 3 }, new Bard { Name = "Bo" }] };
        band.Leader = band.Members[0];

        var loaded = SaveSerializer.Load<Band>(SaveSerializer.Save(band, options: new SaveOptions { Format = format, Compression = compression }));

        GraphAssert.Equal(band.Members[0], loaded.Leader);
        Assert.NotSame(loaded.Members[0], loaded.Leader);
        loaded.Leader!.Gold = 4;
        Assert.Equal(3, loaded.Members[0].Gold);
    }
}

[SaveModel]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class Band
{
    public List<Bard> Members { get; set; } = [];

    public Bard? Leader { get; set; }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Bard
{
    public string Name { get; set; } = "";

    public int Gold { get; set; }
}

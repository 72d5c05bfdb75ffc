using System.Buffers;
using Engine.Core.Model;
using Engine.Serialization.Container;
using Engine.Serialization.Inspection;
using Engine.Serialization.Models;
using Engine.Serialization.Tests.Versioning;

namespace Engine.Serialization.Tests.Models;

/// <summary>Tools that meet saves of any model find its codec by the id the save records, without naming its type.</summary>
public sealed class SaveModelLookupTests
{
    [Fact]
    public void Find_ById_GivesACodecThatLoadsAndSavesTheModelWithoutItsType()
    {
        var banner = new Banner { Color = Hue.Green, Sigils = Sigils.Lion | Sigils.Tower, Stripes = [Hue.Red, Hue.Green] };
        byte[] save = SaveSerializer.Save(banner);

        var codec = RegisteredModel.Find(Banner.ModelId)!;
        object loaded = codec.Load(save, LoadOptions.Default);
        var xml = new ArrayBufferWriter<byte>();
        codec.Save(xml, loaded, new SaveMetadata(), new SaveOptions { Format = SaveFormat.Xml });

        Assert.Equal(Banner.ModelId, codec.ModelId);
        var again = SaveSerializer.Load<Banner>(xml.WrittenMemory);
        Assert.Equal([Hue.Red, Hue.Green], again.Stripes);
        Assert.Equal(banner.Sigils, again.Sigils);
    }

    [Fact]
    public void Find_OfAnUnknownId_IsNull() => Assert.Null(RegisteredModel.Find("no.such.model"));

    [Fact]
    public void Find_OfAnIdTwoTypesClaim_NamesBoth()
    {
        Assert.True(SaveModels.IsModel<GameContent>() && SaveModels.IsModel<NewerGameContent>());

        var e = Assert.Throws<InvalidOperationException>(() => RegisteredModel.Find(SaveModels.IdOf<GameContent>()));

        Assert.Contains(typeof(GameContent).FullName!, e.Message, StringComparison.Ordinal);
        Assert.Contains(typeof(NewerGameContent).FullName!, e.Message, StringComparison.Ordinal);
    }
}

using Engine.Serialization.Container;
using Engine.Serialization.Tests.Fuzzing;
using Engine.Testing;

namespace Engine.Serialization.Tests.Versioning;

/// <summary>
/// An enum holds only the values it declares (docs/FORMAT.md): any other is refused at save, where it could never be
/// loaded, and at load, where it is a newer game's value or an edit; an [AllowUndefinedValues] enum keeps such values.
/// </summary>
public sealed class EnumValueTests
{
    public static TheoryData<SaveFormat> Formats() => [.. Enum.GetValues<SaveFormat>()];

    [Theory]
    [MemberData(nameof(Formats))]
    public void Save_ValueTheEnumDoesNotDeclare_IsRefusedNamingItAndWritesNothing(SaveFormat format)
    {
        var options = new SaveOptions { Format = format };

        var member = Assert.Throws<SaveEncodingException>(() => SaveSerializer.Save(new Banner { Color = (Hue)5 }, options: options));
        var element = Assert.Throws<SaveEncodingException>(() => SaveSerializer.Save(new Banner { Stripes = [Hue.Red, (Hue)(-1)] }, options: options));
        var key = Assert.Throws<SaveEncodingException>(() => SaveSerializer.Save(new Banner { Threads = { [(Hue)9] = 1 } }, options: options));
        var flag = Assert.Throws<SaveEncodingException>(() => SaveSerializer.Save(new Banner { Sigils = Sigils.Lion | (Sigils)8 }, options: options));

        Assert.Contains("holds 5 as a Engine.Serialization.Tests.Versioning.Hue", member.Message, StringComparison.Ordinal);
        Assert.Contains("[AllowUndefinedValues]", member.Message, StringComparison.Ordinal);
        Assert.Contains("holds -1 as a", element.Message, StringComparison.Ordinal);
        Assert.Contains("holds 9 as a", key.Message, StringComparison.Ordinal);
        Assert.Contains("holds 9 as a Engine.Serialization.Tests.Versioning.Sigils", flag.Message, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void NewerValue_IsRefusedByTheOlderGame_AsANewerSave(SaveFormat format)
    {
        var options = new SaveOptions { Format = format };
        byte[] color = NewerGamesSave(new NewerBanner { Color = NewerHue.Gold }, format);
        byte[] stripe = NewerGamesSave(new NewerBanner { Stripes = [NewerHue.Gold] }, format);
        byte[] key = NewerGamesSave(new NewerBanner { Threads = { [NewerHue.Gold] = 3 } }, format);
        byte[] flag = NewerGamesSave(new NewerBanner { Sigils = NewerSigils.Lion | NewerSigils.Dragon }, format);

        foreach (byte[] save in (byte[][])[color, stripe, key, flag])
        {
            var error = Assert.Throws<UnsupportedSaveVersionException>(() => SaveSerializer.Load<Banner>(save));
            Assert.Contains("none of the values this version of the game knows", error.Message, StringComparison.Ordinal);
        }
    }

    [Theory]
    [InlineData(SaveFormat.MessagePack)]
    [InlineData(SaveFormat.Protobuf)]
    public void AllowUndefinedValues_KeepsANewerValue_ThroughTheOlderGame(SaveFormat format)
    {
        var options = new SaveOptions { Format = format };
        byte[] newer = NewerGamesSave(new NewerBanner { Color = NewerHue.Green, Season = NewerSeason.Autumn }, format);

        var older = SaveSerializer.Load<Banner>(newer);
        var again = SaveSerializer.Load<NewerBanner>(SaveFiles.Frame(format, SaveCompression.None,
            SaveFiles.DecodedPayload(SaveSerializer.Save(older, options: options)), new SaveMetadata { ModelId = NewerBanner.ModelId }));

        Assert.Equal((Season)2, older.Season);
        Assert.Equal(NewerSeason.Autumn, again.Season);
    }

    [Fact]
    public void AllowUndefinedValues_CannotKeepANameItLacks_InXml()
    {
        byte[] newer = NewerGamesSave(new NewerBanner { Season = NewerSeason.Autumn }, SaveFormat.Xml);
        byte[] olderWithANumber = SaveSerializer.Save(new Banner { Season = (Season)2 }, options: new SaveOptions { Format = SaveFormat.Xml });

        var error = Assert.Throws<UnsupportedSaveVersionException>(() => SaveSerializer.Load<Banner>(newer));

        Assert.Contains("'Autumn' as a Engine.Serialization.Tests.Versioning.Season", error.Message, StringComparison.Ordinal);
        Assert.Equal((Season)2, SaveSerializer.Load<Banner>(olderWithANumber).Season);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void DeclaredValues_ZeroAndNamedFlagCombinations_RoundTrip(SaveFormat format)
    {
        var options = new SaveOptions { Format = format };
        var banner = new Banner
        {
            Color = Hue.Green,
            Sigils = Sigils.Lion | Sigils.Tower,
            Rank = default,
            Stripes = [Hue.Red, Hue.Green],
            Threads = { [Hue.Green] = 2 },
        };

        GraphAssert.Equal(banner, SaveSerializer.Load<Banner>(SaveSerializer.Save(banner, options: options)));
        Assert.Equal(Rank.Knight, SaveSerializer.Load<Banner>(SaveSerializer.Save(new Banner { Rank = Rank.Knight }, options: options)).Rank);
    }

    /// <summary>A save of the banner's next release, as the older game finds it: framed with the banner's model id.</summary>
    private static byte[] NewerGamesSave(NewerBanner banner, SaveFormat format) =>
        SaveFiles.Frame(format, SaveCompression.None, SaveFiles.DecodedPayload(SaveSerializer.Save(banner, options: new SaveOptions { Format = format })),
            new SaveMetadata { ModelId = Banner.ModelId });
}

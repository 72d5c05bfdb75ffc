using Engine.Serialization.Formats;
using Engine.Testing;

namespace Engine.Serialization.Generator.Tests;

/// <summary>
/// Each kind of member a model may use round-trips in every format (each kind is a save model of this assembly): the
/// generated XML and protobuf codecs hold to the reflection oracle as the MessagePack one does.
/// </summary>
public sealed class EveryFormatTests
{
    public static TheoryData<SaveFormat> Formats() => [.. Enum.GetValues<SaveFormat>()];

    [Theory]
    [MemberData(nameof(Formats))]
    public void EveryKind_RoundTrips(SaveFormat format)
    {
        RoundTrips(KindSamples.Dictionaries(), format);
        RoundTrips(KindSamples.Sequences(), format);
        RoundTrips(KindSamples.Grids(), format);
        RoundTrips(KindSamples.Pairs(), format);
        RoundTrips(KindSamples.Scalars(), format);
        RoundTrips(KindSamples.MathTypes(), format);
        RoundTrips(KindSamples.WithPlane(), format);
        RoundTrips(KindSamples.Hero(), format);
        RoundTrips(KindSamples.InitOnly(), format);
        RoundTrips(KindSamples.GetOnly(), format);
        RoundTrips(KindSamples.ReadonlyFields(), format);
        RoundTrips(KindSamples.Marked(), format);
        RoundTrips(KindSamples.ImmutablePoint(), format);
        RoundTrips(KindSamples.WithRequired(), format);
        RoundTrips(KindSamples.Vault(), format);
        RoundTrips(KindSamples.Zoo(), format);
        RoundTrips(KindSamples.Formatted(), format);
        RoundTrips(KindSamples.Explicit(), format);
        RoundTrips(new ExplicitEmpty(), format);
        RoundTrips(new MapEmpty(), format);
        RoundTrips(KindSamples.Wolf(), format);
        RoundTrips(KindSamples.Ordered(), format);
        RoundTrips(KindSamples.NullableItems(), format);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void DefaultsAndEmptyValues_RoundTrip(SaveFormat format)
    {
        RoundTrips(new Dictionaries(), format);
        RoundTrips(new Sequences(), format);
        RoundTrips(new Grids(), format);
        RoundTrips(new Pairs { Pair = new("", 0), Named = (0, "") }, format);
        RoundTrips(new Scalars(), format);
        RoundTrips(new MathTypes(), format);
        RoundTrips(new Zoo(), format);
        RoundTrips(new Formatted { Favourite = new ColorName("") }, format);
        RoundTrips(new Wolf(), format);
        RoundTrips(new Wolf { Legs = 0, Name = "", Sound = "", Pack = "", Age = 0 }, format);
        RoundTrips(new InitOnly { Name = "", Level = 0 }, format);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void Callbacks_RunAroundEveryFormat(SaveFormat format)
    {
        var value = new WithCallbacks { Value = 3 };

        var loaded = SaveSerializer.Load<WithCallbacks>(SaveSerializer.Save(value, options: new SaveOptions { Format = format }));

        Assert.Equal("value 3", value.Written);
        Assert.Equal(("value 3", 3, true), (loaded.Written, loaded.Value, loaded.Restored));
    }

    private static void RoundTrips<T>(T value, SaveFormat format)
    {
        var loaded = SaveSerializer.Load<T>(SaveSerializer.Save(value, options: new SaveOptions { Format = format }));

        GraphAssert.Equal(value, loaded);
    }
}

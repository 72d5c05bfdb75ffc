using MessagePack;
using MessagePack.Formatters;

namespace Engine.Serialization.Generator.Tests;

public sealed class RoundTripTests
{
    internal static SampleGraph CreateSample() => new()
    {
        Primitives = new AllPrimitives
        {
            Bool = true,
            Byte = 200,
            SByte = -100,
            Int16 = -30_000,
            UInt16 = 60_000,
            Int32 = -2_000_000_000,
            UInt32 = 4_000_000_000,
            Int64 = long.MinValue,
            UInt64 = ulong.MaxValue,
            Single = 1.5f,
            Double = Math.PI,
            Char = 'é',
            String = "héllo",
        },
        Stats = new Stats { Health = 42, Tags = ["brave", "tired"], Cached = 99 },
        Position = new Vector { X = 1.25f, Y = -2.5f },
        OptionalPosition = new Vector { X = 3, Y = 4 },
        Items = [new Item { Name = "sword", Count = 1 }, new Item { Name = "arrow", Count = 20 }],
        Names = ["a", "b"],
        ItemArray = [new Item { Name = "shield", Count = 2 }],
        Weights = [0.25f, 0.75f],
        Blob = [1, 2, 3, 255],
        Rarity = Rarity.Epic,
        Factions = [Faction.Blue, Faction.None],
        OptionalInt = 7,
        Grid = [[new Item { Name = "gem", Count = 1 }], []],
        Original = "renamed value",
    };

    internal static Shapes CreateShapes() => new()
    {
        When = new DateTime(2026, 11, 22, 21, 16, 5, DateTimeKind.Utc).AddTicks(1_234_567),
        MaybeWhen = new DateTime(1969, 7, 20, 20, 17, 40, DateTimeKind.Utc),
        Samples = [0.1, -2.5e300, double.NaN, 0],
        FloatList = [1.5f, float.NegativeInfinity],
        Scores = [0, -1, 127, 128, 65_536, int.MinValue],
        Labels = ["a", null, "ç"],
        FactionList = [Faction.Red, Faction.Blue],
        Path = [new Vector { X = 1, Y = 2 }],
        Gaps = [null, new Vector { X = 3, Y = 4 }],
        Jagged = [[1, 2], [], [3]],
        Times = [DateTime.UnixEpoch, new DateTime(9999, 12, 31, 23, 59, 59, DateTimeKind.Utc)],
    };

    public static TheoryData<string> Paths() => new("direct", "serializer");

    internal static SampleGraph RoundTrip(SampleGraph value, string path) => path == "direct"
        ? Serializer.ReadDirect<SampleGraph?>(Serializer.WriteDirect(value, SampleResolver.Write), SampleResolver.Read)!
        : Serializer.Deserialize<SampleGraph>(Serializer.Serialize(value));

    [Theory]
    [MemberData(nameof(Paths))]
    public void RoundTrip_SampleGraph_PreservesEveryMember(string path)
    {
        var copy = RoundTrip(CreateSample(), path);

        var p = copy.Primitives;
        Assert.True(p.Bool);
        Assert.Equal((byte)200, p.Byte);
        Assert.Equal((sbyte)-100, p.SByte);
        Assert.Equal((short)-30_000, p.Int16);
        Assert.Equal((ushort)60_000, p.UInt16);
        Assert.Equal(-2_000_000_000, p.Int32);
        Assert.Equal(4_000_000_000u, p.UInt32);
        Assert.Equal(long.MinValue, p.Int64);
        Assert.Equal(ulong.MaxValue, p.UInt64);
        Assert.Equal(1.5f, p.Single);
        Assert.Equal(Math.PI, p.Double);
        Assert.Equal('é', p.Char);
        Assert.Equal("héllo", p.String);

        Assert.Equal(42, copy.Stats.Health);
        Assert.Equal(["brave", "tired"], copy.Stats.Tags);
        Assert.Equal(0, copy.Stats.Cached);
        Assert.Null(copy.Missing);
        Assert.Equal(1.25f, copy.Position.X);
        Assert.Equal(-2.5f, copy.Position.Y);
        Assert.Equal(4f, copy.OptionalPosition!.Value.Y);
        Assert.Equal(["sword:1", "arrow:20"], copy.Items.Select(i => $"{i.Name}:{i.Count}"));
        Assert.Equal(["a", "b"], copy.Names);
        Assert.Equal("shield", Assert.Single(copy.ItemArray).Name);
        Assert.Equal([0.25f, 0.75f], copy.Weights);
        Assert.Equal([1, 2, 3, 255], copy.Blob);
        Assert.Equal(Rarity.Epic, copy.Rarity);
        Assert.Equal([Faction.Blue, Faction.None], copy.Factions);
        Assert.Equal(7, copy.OptionalInt);
        Assert.Null(copy.AbsentInt);
        Assert.Equal("gem", Assert.Single(copy.Grid[0]).Name);
        Assert.Empty(copy.Grid[1]);
        Assert.Equal("renamed value", copy.Original);
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public void RoundTrip_Shapes_PreservesEveryMember(string path)
    {
        var shapes = CreateShapes();

        var copy = path == "direct"
            ? Serializer.ReadDirect<Shapes?>(Serializer.WriteDirect(shapes, SampleResolver.Write), SampleResolver.Read)!
            : Serializer.Deserialize<Shapes>(Serializer.Serialize(shapes));

        Assert.Equal(shapes.When, copy.When);
        Assert.Equal(shapes.MaybeWhen, copy.MaybeWhen);
        Assert.Null(copy.NoWhen);
        Assert.Equal(shapes.Samples, copy.Samples);
        Assert.Equal(shapes.FloatList, copy.FloatList);
        Assert.Equal(shapes.Scores, copy.Scores);
        Assert.Equal(shapes.Labels, copy.Labels);
        Assert.Equal(shapes.FactionList, copy.FactionList);
        Assert.Equal(shapes.Path, copy.Path);
        Assert.Equal(shapes.Gaps, copy.Gaps);
        Assert.Equal(shapes.Jagged, copy.Jagged);
        Assert.Equal(shapes.Times, copy.Times);
        Assert.Null(copy.NoBlob);
        Assert.Null(copy.NoWeights);
    }

    [Fact]
    public void RoundTrip_SampleGraph_ReserializesToIdenticalBytes()
    {
        var bytes = Serializer.Serialize(CreateSample());

        Assert.Equal(bytes, Serializer.Serialize(Serializer.Deserialize<SampleGraph>(bytes)));
    }

    [Fact]
    public void RoundTrip_UntrustedDataSecurity_PreservesGraph()
    {
        var options = Serializer.Options.WithSecurity(MessagePackSecurity.UntrustedData);
        var bytes = MessagePackSerializer.Serialize(CreateSample(), options);

        var copy = MessagePackSerializer.Deserialize<SampleGraph>(bytes, options);

        Assert.Equal(bytes, MessagePackSerializer.Serialize(copy, options));
        Assert.Equal("gem", copy.Grid[0][0].Name);
    }

    [Fact]
    public void RoundTrip_NullRoot_IsNil()
    {
        var bytes = Serializer.Serialize<SampleGraph?>(null);

        Assert.Equal([0xC0], bytes);
        Assert.Null(Serializer.Deserialize<SampleGraph?>(bytes));
    }

    [Fact]
    public void RoundTrip_StructWithPublicFields_KeepsValues()
    {
        var copy = Serializer.Deserialize<Vector>(Serializer.Serialize(new Vector { X = 9, Y = -9 }));

        Assert.Equal(9f, copy.X);
        Assert.Equal(-9f, copy.Y);
    }

    [Fact]
    public void GetFormatter_ReachableShapes_AreServedByGeneratedFormatters()
    {
        object[] formatters =
        [
            SampleResolver.Instance.GetFormatter<List<Item>>()!, SampleResolver.Instance.GetFormatter<Item[]>()!,
            SampleResolver.Instance.GetFormatter<Vector?>()!, SampleResolver.Instance.GetFormatter<List<List<Item>>>()!,
            SampleResolver.Instance.GetFormatter<SampleGraph>()!, SampleResolver.Instance.GetFormatter<float[]>()!,
        ];

        Assert.All(formatters, f => Assert.Equal(typeof(SampleResolver), f.GetType().DeclaringType));
        Assert.IsType<GenericEnumFormatter<Faction>>(SampleResolver.Instance.GetFormatter<Faction>());
        Assert.Same(SampleResolver.Instance.GetFormatter<Item>(), SampleResolver.Instance.GetFormatter<Item>());
    }

    [Fact]
    public void GetFormatter_BuiltinOrUnreachableType_ReturnsNull()
    {
        Assert.Null(SampleResolver.Instance.GetFormatter<List<decimal>>());
        Assert.Null(SampleResolver.Instance.GetFormatter<Guid>());
        Assert.Null(SampleResolver.Instance.GetFormatter<string>());
    }
}

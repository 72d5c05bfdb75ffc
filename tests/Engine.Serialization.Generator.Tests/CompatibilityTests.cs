using System.Numerics;
using Engine.Serialization.Errors;
using Engine.Testing;
using MessagePack;
using MessagePack.Formatters;
using MessagePack.Resolvers;

namespace Engine.Serialization.Generator.Tests;

/// <summary>
/// Each kind of member, held to MessagePack-CSharp's own standard resolvers (its dynamic resolver for the
/// [MessagePackObject] types, its built-in formatters for the rest): the generated code writes the same bytes, reads
/// what they write into an equal graph (the reflection-based oracle, not the generator, decides), and reads its own.
/// </summary>
public sealed class CompatibilityTests
{
    /// <summary>MessagePack's standard resolvers, with the one formatter registered by [assembly: MessagePackKnownFormatter].</summary>
    private static readonly MessagePackSerializerOptions MessagePacksOwn = MessagePackSerializerOptions.Standard.WithResolver(
        CompositeResolver.Create([ForeignPointFormatter.Instance], [StandardResolver.Instance]));

    [Fact]
    public void Dictionaries_MatchMessagePack() => AssertCompatible(
        new Dictionaries
        {
            ByName = new() { ["gold"] = 12, [""] = -1, ["漢字 🎮"] = int.MaxValue },
            ById = new() { [7] = new Item { Name = "sword", Count = 1 }, [-3] = new Item() },
            Sorted = new() { ["b"] = 2.5, ["a"] = double.NaN },
            AsInterface = new Dictionary<string, string> { ["k"] = "v" },
            ReadOnly = new Dictionary<Guid, long> { [Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e")] = long.MinValue },
            ByEnum = new() { [Faction.Red] = ["a", "b"], [Faction.Blue] = null },
        },
        KindsResolver.Write,
        KindsResolver.Read);

    [Fact]
    public void Sequences_MatchMessagePack()
    {
        var stack = new Stack<string>();
        stack.Push("bottom");
        stack.Push("top");
        AssertCompatible(
            new Sequences
            {
                Names = ["x", "y", ""],
                Numbers = [1, -1, int.MinValue],
                List = new List<int> { 3, 1, 2 },
                ReadOnlyList = new[] { new Item { Name = "a" } },
                Collection = new List<string> { "c" },
                ReadOnlyCollection = new[] { 5L, long.MaxValue },
                Enumerable = new[] { "e", "f" },
                Queue = new Queue<int>([1, 2, 3]),
                Stack = stack,
                Set = new HashSet<int> { 9, 8 },
                SortedSet = ["b", "a"],
                Linked = new LinkedList<int>([4, 5]),
            },
            KindsResolver.Write,
            KindsResolver.Read);
    }

    [Fact]
    public void Grids_MatchMessagePack()
    {
        var floats = new float[40, 30];
        for (int i = 0; i < floats.GetLength(0); i++)
        {
            for (int j = 0; j < floats.GetLength(1); j++)
            {
                floats[i, j] = (i * 0.5f) - j;
            }
        }

        floats[3, 4] = float.NaN;
        floats[5, 6] = -0f;
        AssertCompatible(
            new Grids
            {
                Ints = new[,] { { 1, 2, 3 }, { 4, 5, int.MinValue } },
                Floats = floats,
                Texts = new[,] { { "a", "b" }, { "", "d" } },
                Cube = new double[2, 3, 4],
                Four = new byte[1, 2, 1, 2] { { { { 1, 2 } }, { { 3, 255 } } } },
                Items = new[,] { { new Item { Name = "x" } } },
            },
            KindsResolver.Write,
            KindsResolver.Read);
    }

    [Fact]
    public void PairsAndTuples_MatchMessagePack() => AssertCompatible(
        new Pairs
        {
            Pair = new("key", 3),
            Named = (5, "five"),
            Four = (1, "one", new Item { Name = "i" }, 0.5),
            Nine = (1, 2, 3, 4, 5, 6, 7, 8, 9),
            ClassTuple = Tuple.Create(1, "t"),
            PairList = [new(1, "a"), new(2, "b")],
        },
        KindsResolver.Write,
        KindsResolver.Read);

    [Fact]
    public void Scalars_MatchMessagePack() => AssertCompatible(
        new Scalars
        {
            Id = Guid.Parse("6f9619ff-8b86-d011-b42d-00cf4fc964ff"),
            Duration = TimeSpan.FromTicks(-123456789),
            Stamp = new DateTimeOffset(2026, 11, 23, 10, 30, 0, TimeSpan.FromHours(-5)),
            Day = new DateOnly(1999, 12, 31),
            Time = new TimeOnly(23, 59, 58, 999),
            Money = 1234.50m,
            Small = (Half)0.333,
            MaybeId = null,
            MaybeMoney = -0.0001m,
            Utc = new DateTime(1969, 7, 20, 20, 17, 40, DateTimeKind.Utc),
            Unspecified = new DateTime(2030, 1, 1, 0, 0, 0, 1, DateTimeKind.Unspecified),
            Huge = Int128.MinValue,
            Big = BigInteger.Pow(7, 80),
        },
        KindsResolver.Write,
        KindsResolver.Read);

    [Fact]
    public void MathTypes_MatchMessagePack() => AssertCompatible(
        new MathTypes
        {
            V2 = new(1, -0f),
            V3 = new(float.NaN, float.PositiveInfinity, 3),
            V4 = new(1, 2, 3, 4),
            Rotation = Quaternion.CreateFromYawPitchRoll(0.1f, 0.2f, 0.3f),
            Transform2D = Matrix3x2.CreateRotation(1.5f),
            Transform = Matrix4x4.CreatePerspectiveFieldOfView(1, 1.5f, 0.1f, 100),
            MaybeV2 = new Vector2(5, 6),
            Path = [Vector3.UnitX, Vector3.One],
        },
        KindsResolver.Write,
        KindsResolver.Read);

    [Fact]
    public void Plane_IsWrittenAsItsNormalThenItsDistance_LikeVector4()
    {
        var plane = new WithPlane { Floor = new Plane(0, 1, 0, -2.5f) };

        byte[] bytes = Serializer.WriteDirect(plane, KindsResolver.Write);

        var expected = Serializer.Handwritten((ref MessagePackWriter writer) =>
        {
            writer.WriteMapHeader(1);
            writer.Write("Floor");
            MessagePackSerializer.Serialize(ref writer, new Vector4(0, 1, 0, -2.5f), MessagePackSerializerOptions.Standard);
        });
        Assert.Equal(expected, bytes);
        GraphAssert.Equal(plane, Serializer.ReadDirect(bytes, (ref MessagePackReader r, out WithPlane v) => KindsResolver.Read(ref r, out v)));
    }

    [Fact]
    public void Immutables_MatchMessagePack()
    {
        AssertCompatible(new Hero("Ann", 7, ["brave"]), KindsResolver.Write, KindsResolver.Read);
        AssertCompatible(new InitOnly { Name = "init", Level = 9, Weapon = new Item { Name = "bow" } }, KindsResolver.Write, KindsResolver.Read);
        AssertCompatible(new GetOnly("get", 3), KindsResolver.Write, KindsResolver.Read);
        AssertCompatible(new ReadonlyFields(4, "four"), KindsResolver.Write, KindsResolver.Read);
        AssertCompatible(new Marked(11) { Y = 12 }, KindsResolver.Write, KindsResolver.Read);
        AssertCompatible(new ImmutablePoint(-1, 1), KindsResolver.Write, KindsResolver.Read);
        AssertCompatible(new WithRequired { Name = "req", Level = 2 }, KindsResolver.Write, KindsResolver.Read);
    }

    [Fact]
    public void InitOnlyMembersAbsentFromTheSave_KeepTheirInitializers_AsMessagePacksResolverDoes()
    {
        var bytes = Serializer.Handwritten((ref MessagePackWriter writer) =>
        {
            writer.WriteMapHeader(1);
            writer.Write("Level");
            writer.Write(2);
        });

        var read = Serializer.ReadDirect(bytes, (ref MessagePackReader r, out InitOnly v) => KindsResolver.Read(ref r, out v));

        Assert.Equal("unnamed", read.Name);
        Assert.Equal(2, read.Level);
        GraphAssert.Equal(MessagePackSerializer.Deserialize<InitOnly>(bytes, MessagePacksOwn), read);
    }

    [Fact]
    public void PrivateAndInternalMembers_WithAllowPrivate_MatchMessagePack()
    {
        var vault = new Vault(250, "1234", "Ann");

        var read = AssertCompatible(vault, KindsResolver.Write, KindsResolver.Read);

        Assert.Equal(250, read.Gold);
        Assert.Equal("1234", read.Code);
    }

    [Fact]
    public void Unions_OnAbstractClassesAndInterfaces_MatchMessagePack() => AssertCompatible(
        new Zoo
        {
            Shapes = [new Circle { Radius = 2 }, new Square { Side = 3, Label = "sq" }, new Circle()],
            Pet = new Dog { Name = "rex" },
            OtherPet = new Cat { Lives = 9 },
        },
        KindsResolver.Write,
        KindsResolver.Read);

    [Fact]
    public void Callbacks_RunBeforeWritingAndAfterReading_AsWithMessagePack()
    {
        var ours = new WithCallbacks { Value = 3 };
        var theirs = new WithCallbacks { Value = 3 };

        byte[] bytes = Serializer.WriteDirect(ours, KindsResolver.Write);

        Assert.Equal(MessagePackSerializer.Serialize(theirs, MessagePacksOwn), bytes);
        Assert.Equal("value 3", ours.Written);
        var read = Serializer.ReadDirect(bytes, (ref MessagePackReader r, out WithCallbacks v) => KindsResolver.Read(ref r, out v));
        Assert.True(read.Restored);
        Assert.Equal("value 3", read.Written);
    }

    [Fact]
    public void CustomFormatters_EnumsByName_AndKnownFormatters_MatchMessagePack() => AssertCompatible(
        new Formatted
        {
            Wallet = new Money { Cents = 1999 },
            Favourite = new ColorName("teal"),
            Spot = new ForeignPoint { X = 3, Y = -4 },
            Mood = Mood.Angry,
            Powers = Powers.Fly | Powers.Climb,
            Side = Faction.Blue,
        },
        KindsResolver.Write,
        KindsResolver.Read);

    [Theory]
    [InlineData(Mood.Angry, "angry!")]
    [InlineData(Mood.Sleepy, "Sleepy")]
    [InlineData((Mood)12, "12")]
    public void EnumByName_WritesTheEnumMemberValue_OrTheName_OrTheNumber(Mood mood, string written)
    {
        byte[] bytes = Serializer.WriteDirect(new Formatted { Mood = mood }, KindsResolver.Write);

        Assert.Contains(written, MessagePackSerializer.ConvertToJson(bytes), StringComparison.Ordinal);
        Assert.Equal(mood, Serializer.ReadDirect(bytes, (ref MessagePackReader r, out Formatted v) => KindsResolver.Read(ref r, out v)).Mood);
    }

    [Fact]
    public void EnumsAsStrings_WritesEveryEnumOfTheModelByName_AsEnumAsStringFormatterDoes()
    {
        var value = new NamedEnums { Mood = Mood.Angry, Powers = Powers.Fly | Powers.Swim, Sides = [Faction.Red, (Faction)7], BySide = { [Faction.Blue] = 2 } };
        var byName = MessagePackSerializerOptions.Standard.WithResolver(CompositeResolver.Create(
            [new EnumAsStringFormatter<Mood>(), new EnumAsStringFormatter<Powers>(), new EnumAsStringFormatter<Faction>()], [StandardResolver.Instance]));

        byte[] bytes = SaveSerializer.Save(value);
        var (_, payload) = SaveSerializer.ReadPayload<NamedEnums>(bytes);

        Assert.Equal(MessagePackSerializer.Serialize(value, byName), payload.ToArray());
        Assert.Contains("\"Fly, Swim\"", MessagePackSerializer.ConvertToJson(payload), StringComparison.Ordinal);
        GraphAssert.Equal(value, SaveSerializer.Load<NamedEnums>(bytes));
    }

    [Theory]
    [InlineData("Angry", Mood.Angry)]
    [InlineData("1", Mood.Angry)]
    [InlineData("Calm", Mood.Calm)]
    public void EnumByName_ReadsTheCSharpNamesAndNumbersMessagePackAccepts(string name, Mood expected)
    {
        var bytes = Serializer.Handwritten((ref MessagePackWriter writer) =>
        {
            writer.WriteMapHeader(1);
            writer.Write("Mood");
            writer.Write(name);
        });

        var read = Serializer.ReadDirect(bytes, (ref MessagePackReader r, out Formatted v) => KindsResolver.Read(ref r, out v));

        Assert.Equal(expected, read.Mood);
        Assert.Equal(expected, MessagePackSerializer.Deserialize<Formatted>(bytes, MessagePacksOwn).Mood);
    }

    [Fact]
    public void ExplicitKeys_ComputedMembersAreWrittenNotRead_MatchMessagePack()
    {
        var read = AssertCompatible(new Explicit { Name = "n", Level = 4, Tags = ["t"] }, KindsResolver.Write, KindsResolver.Read);

        Assert.Equal(8, read.Twice);
    }

    [Fact]
    public void EmptyTypes_AreAnEmptyArrayWithExplicitKeys_AndAnEmptyMapWithNames_AsInMessagePack()
    {
        AssertCompatible(new ExplicitEmpty(), KindsResolver.Write, KindsResolver.Read);
        AssertCompatible(new MapEmpty(), KindsResolver.Write, KindsResolver.Read);

        Assert.Equal([0x90], Serializer.WriteDirect(new ExplicitEmpty(), KindsResolver.Write));
        Assert.Equal([0x80], Serializer.WriteDirect(new MapEmpty(), KindsResolver.Write));
    }

    [Fact]
    public void Inheritance_BaseMembersFirst_PropertiesBeforeFields_OverridesOnce_MatchMessagePack() =>
        AssertCompatible(new Wolf { Name = "grey", Legs = 3, Wild = true, Pack = "south", Age = 7, Sound = "yip" }, KindsResolver.Write, KindsResolver.Read);

    [Fact]
    public void DataMemberOrder_MovesThoseMembersFirst_AsMessagePacksResolverDoes() =>
        AssertCompatible(new Ordered { A = 1, B = 2, C = 3, D = 4 }, KindsResolver.Write, KindsResolver.Read);

    [Fact]
    public void Dictionaries_OfIntegerKeys_AreReadWithCollisionResistantHashing_StringKeysWithTheDefault()
    {
        byte[] bytes = Serializer.WriteDirect(new Dictionaries { ById = new() { [1] = new Item() }, ByName = new() { ["a"] = 1 } }, KindsResolver.Write);

        var read = Serializer.ReadDirect(bytes, (ref MessagePackReader r, out Dictionaries v) => KindsResolver.Read(ref r, out v));

        Assert.NotSame(EqualityComparer<int>.Default, read.ById.Comparer);
        Assert.Same(MessagePackSecurity.UntrustedData.GetEqualityComparer<int>().GetType(), read.ById.Comparer.GetType());
        Assert.Same(EqualityComparer<string>.Default, read.ByName.Comparer);
    }

    [Fact]
    public void Dictionary_WithAKeyTwice_IsRefused()
    {
        var bytes = Serializer.Handwritten((ref MessagePackWriter writer) =>
        {
            writer.WriteMapHeader(1);
            writer.Write("ByName");
            writer.WriteMapHeader(2);
            writer.Write("a");
            writer.Write(1);
            writer.Write("a");
            writer.Write(2);
        });

        var error = Assert.Throws<MessagePackSerializationException>(() => Serializer.ReadDirect(bytes, (ref MessagePackReader r, out Dictionaries v) => KindsResolver.Read(ref r, out v)));
        Assert.Contains("twice", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Union_WithAKeyThisBuildDoesNotKnow_IsRefusedAsANewerGamesSave()
    {
        var bytes = Serializer.Handwritten((ref MessagePackWriter writer) =>
        {
            writer.WriteMapHeader(1);
            writer.Write("Pet");
            writer.WriteArrayHeader(2);
            writer.Write(9);
            writer.WriteMapHeader(0);
        });

        var error = Assert.Throws<UnsupportedSaveVersionException>(() => Serializer.ReadDirect(bytes, (ref MessagePackReader r, out Zoo v) => KindsResolver.Read(ref r, out v)));
        Assert.Contains("union key 9", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Union_ValueOfATypeThatIsNoCase_IsRefusedAtSave()
    {
        var error = Assert.Throws<SaveEncodingException>(() => Serializer.WriteDirect(new Zoo { Pet = new Parrot() }, KindsResolver.Write));

        Assert.Contains("Parrot", error.Message, StringComparison.Ordinal);
    }

    /// <summary>
    /// The value as both write it must be the same bytes; the generated reader must read MessagePack's bytes (and its
    /// own) into a graph equal to the value. Returns what the generated reader read.
    /// </summary>
    private static T AssertCompatible<T>(T value, DirectWrite<T> write, DirectRead<T> read)
    {
        byte[] theirs = MessagePackSerializer.Serialize(value, MessagePacksOwn);
        byte[] ours = Serializer.WriteDirect(value, write);

        Assert.Equal(theirs, ours);
        var fromTheirs = Serializer.ReadDirect(theirs, read);
        GraphAssert.Equal(value, fromTheirs);
        GraphAssert.Equal(MessagePackSerializer.Deserialize<T>(ours, MessagePacksOwn), Serializer.ReadDirect(ours, read));
        return fromTheirs;
    }

    private sealed class Parrot : IPet
    {
    }
}

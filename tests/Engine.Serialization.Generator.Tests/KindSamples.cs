using System.Collections.Immutable;
using System.Numerics;

namespace Engine.Serialization.Generator.Tests;

/// <summary>One value of each kind of Kinds.cs, with the values formats get wrong: shared by the MessagePack compatibility tests and the every-format round trips.</summary>
internal static class KindSamples
{
    public static Dictionaries Dictionaries() => new()
    {
        ByName = new() { ["gold"] = 12, [""] = -1, ["漢字 🎮"] = int.MaxValue },
        ById = new() { [7] = new Item { Name = "sword", Count = 1 }, [-3] = new Item() },
        Sorted = new() { ["b"] = 2.5, ["a"] = double.NaN },
        AsInterface = new Dictionary<string, string> { ["k"] = "v" },
        ReadOnly = new Dictionary<Guid, long> { [Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e")] = long.MinValue },
        ByEnum = new() { [Faction.Red] = ["a", "b"], [Faction.Blue] = null, [Faction.None] = [] },
    };

    public static ImmutableCollections ImmutableCollections() => new()
    {
        Numbers = [3, -1, int.MaxValue],
        Items = [new Item { Name = "a", Count = 1 }, new Item()],
        Floats = [1.5f, float.NaN, -0f, float.MaxValue],
        Tags = ["x", "", "漢字 🎮"],
        ByName = ImmutableDictionary<string, int>.Empty.Add("gold", 12).Add("", -1),
        ById = ImmutableDictionary<int, Item>.Empty.Add(7, new Item { Name = "sword", Count = 1 }).Add(-3, new Item()),
    };

    public static Sequences Sequences()
    {
        var stack = new Stack<string>();
        stack.Push("bottom");
        stack.Push("top");
        return new Sequences
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
        };
    }

    public static Grids Grids()
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
        return new Grids
        {
            Ints = new[,] { { 1, 2, 3 }, { 4, 5, int.MinValue } },
            Floats = floats,
            Texts = new[,] { { "a", "b" }, { "", "d" } },
            Cube = new double[2, 3, 4],
            Four = new byte[1, 2, 1, 2] { { { { 1, 2 } }, { { 3, 255 } } } },
            Items = new[,] { { new Item { Name = "x" } } },
        };
    }

    public static Pairs Pairs() => new()
    {
        Pair = new("key", 3),
        Named = (5, "five"),
        Four = (1, "one", new Item { Name = "i" }, 0.5),
        Nine = (1, 2, 3, 4, 5, 6, 7, 8, 9),
        ClassTuple = Tuple.Create(1, "t"),
        PairList = [new(1, "a"), new(2, "b")],
    };

    public static Scalars Scalars() => new()
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
    };

    public static MathTypes MathTypes() => new()
    {
        V2 = new(1, -0f),
        V3 = new(float.NaN, float.PositiveInfinity, 3),
        V4 = new(1, 2, 3, 4),
        Rotation = Quaternion.CreateFromYawPitchRoll(0.1f, 0.2f, 0.3f),
        Transform2D = Matrix3x2.CreateRotation(1.5f),
        Transform = Matrix4x4.CreatePerspectiveFieldOfView(1, 1.5f, 0.1f, 100),
        MaybeV2 = new Vector2(5, 6),
        Path = [Vector3.UnitX, Vector3.One],
    };

    public static WithPlane WithPlane() => new() { Floor = new Plane(0, 1, 0, -2.5f) };

    public static Hero Hero() => new("Ann", 7, ["brave"]);

    public static InitOnly InitOnly() => new() { Name = "init", Level = 9, Weapon = new Item { Name = "bow" } };

    public static GetOnly GetOnly() => new("get", 3);

    public static ReadonlyFields ReadonlyFields() => new(4, "four");

    public static Marked Marked() => new(11) { Y = 12 };

    public static ImmutablePoint ImmutablePoint() => new(-1, 1);

    public static WithRequired WithRequired() => new() { Name = "req", Level = 2 };

    public static Vault Vault() => new(250, "1234", "Ann");

    public static Zoo Zoo() => new()
    {
        Shapes = [new Circle { Radius = 2 }, new Square { Side = 3, Label = "sq" }, new Circle()],
        Pet = new Dog { Name = "rex" },
        OtherPet = new Cat { Lives = 9 },
    };

    public static Formatted Formatted() => new()
    {
        Wallet = new Money { Cents = 1999 },
        Favourite = new ColorName("teal"),
        Spot = new ForeignPoint { X = 3, Y = -4 },
        Mood = Mood.Angry,
        Powers = Powers.Fly | Powers.Climb,
        Side = Faction.Blue,
    };

    public static Explicit Explicit() => new() { Name = "n", Level = 4, Tags = ["t"] };

    public static Wolf Wolf() => new() { Name = "grey", Legs = 3, Wild = true, Pack = "south", Age = 7, Sound = "yip" };

    public static Ordered Ordered() => new() { A = 1, B = 2, C = 3, D = 4 };

    public static NullableItems NullableItems() => new()
    {
        Texts = [null, "", "a", null],
        Numbers = [null, 0, -1, null],
        Items = [null, new Item { Name = "x" }, null],
        Lists = [null, [], [1, 2], null],
        Maybe = new() { ["none"] = null, ["zero"] = 0 },
        Grid = new[,] { { null, "b" }, { "", null } },
    };
}

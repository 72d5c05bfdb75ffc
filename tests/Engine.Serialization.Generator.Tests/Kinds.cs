using System.Collections.Immutable;
using System.Numerics;
using System.Runtime.Serialization;
using Engine.Serialization.Generated;
using MessagePack;
using MessagePack.Formatters;

[assembly: MessagePackKnownFormatter(typeof(Engine.Serialization.Generator.Tests.ForeignPointFormatter))]

// Every kind is a save model too, so that EveryFormatTests round-trip each through XML and protobuf (the assembly's save
// models agree with NamedEnums, the one written for its enums by name).
[assembly: Engine.Serialization.SaveModel(typeof(Engine.Serialization.Generator.Tests.Dictionaries), EnumsAsStrings = true)]
[assembly: Engine.Serialization.SaveModel(typeof(Engine.Serialization.Generator.Tests.Sequences), EnumsAsStrings = true)]
[assembly: Engine.Serialization.SaveModel(typeof(Engine.Serialization.Generator.Tests.Grids), EnumsAsStrings = true)]
[assembly: Engine.Serialization.SaveModel(typeof(Engine.Serialization.Generator.Tests.Pairs), EnumsAsStrings = true)]
[assembly: Engine.Serialization.SaveModel(typeof(Engine.Serialization.Generator.Tests.Scalars), EnumsAsStrings = true)]
[assembly: Engine.Serialization.SaveModel(typeof(Engine.Serialization.Generator.Tests.MathTypes), EnumsAsStrings = true)]
[assembly: Engine.Serialization.SaveModel(typeof(Engine.Serialization.Generator.Tests.WithPlane), EnumsAsStrings = true)]
[assembly: Engine.Serialization.SaveModel(typeof(Engine.Serialization.Generator.Tests.Hero), EnumsAsStrings = true)]
[assembly: Engine.Serialization.SaveModel(typeof(Engine.Serialization.Generator.Tests.InitOnly), EnumsAsStrings = true)]
[assembly: Engine.Serialization.SaveModel(typeof(Engine.Serialization.Generator.Tests.GetOnly), EnumsAsStrings = true)]
[assembly: Engine.Serialization.SaveModel(typeof(Engine.Serialization.Generator.Tests.ReadonlyFields), EnumsAsStrings = true)]
[assembly: Engine.Serialization.SaveModel(typeof(Engine.Serialization.Generator.Tests.Marked), EnumsAsStrings = true)]
[assembly: Engine.Serialization.SaveModel(typeof(Engine.Serialization.Generator.Tests.ImmutablePoint), EnumsAsStrings = true)]
[assembly: Engine.Serialization.SaveModel(typeof(Engine.Serialization.Generator.Tests.WithRequired), EnumsAsStrings = true)]
[assembly: Engine.Serialization.SaveModel(typeof(Engine.Serialization.Generator.Tests.Vault), EnumsAsStrings = true)]
[assembly: Engine.Serialization.SaveModel(typeof(Engine.Serialization.Generator.Tests.Zoo), EnumsAsStrings = true)]
[assembly: Engine.Serialization.SaveModel(typeof(Engine.Serialization.Generator.Tests.WithCallbacks), EnumsAsStrings = true)]
[assembly: Engine.Serialization.SaveModel(typeof(Engine.Serialization.Generator.Tests.Formatted), EnumsAsStrings = true)]
[assembly: Engine.Serialization.SaveModel(typeof(Engine.Serialization.Generator.Tests.Explicit), EnumsAsStrings = true)]
[assembly: Engine.Serialization.SaveModel(typeof(Engine.Serialization.Generator.Tests.ExplicitEmpty), EnumsAsStrings = true)]
[assembly: Engine.Serialization.SaveModel(typeof(Engine.Serialization.Generator.Tests.MapEmpty), EnumsAsStrings = true)]
[assembly: Engine.Serialization.SaveModel(typeof(Engine.Serialization.Generator.Tests.Wolf), EnumsAsStrings = true)]
[assembly: Engine.Serialization.SaveModel(typeof(Engine.Serialization.Generator.Tests.Ordered), EnumsAsStrings = true)]
[assembly: Engine.Serialization.SaveModel(typeof(Engine.Serialization.Generator.Tests.NullableItems), EnumsAsStrings = true)]
[assembly: Engine.Serialization.SaveModel(typeof(Engine.Serialization.Generator.Tests.ImmutableCollections), EnumsAsStrings = true)]

namespace Engine.Serialization.Generator.Tests;

// One type per kind of member a game's model uses, each public so MessagePack-CSharp's own (dynamic) resolver can
// write it too: CompatibilityTests hold the generated code to the same bytes.

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Dictionaries
{
    public Dictionary<string, int> ByName { get; set; } = [];

    public Dictionary<int, Item> ById { get; set; } = [];

    public SortedDictionary<string, double> Sorted { get; set; } = [];

    public IDictionary<string, string> AsInterface { get; set; } = new Dictionary<string, string>();

    public IReadOnlyDictionary<Guid, long> ReadOnly { get; set; } = new Dictionary<Guid, long>();

    public Dictionary<Faction, List<string>?> ByEnum { get; set; } = [];

    public Dictionary<string, int>? Absent { get; set; }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class ImmutableCollections
{
    public ImmutableArray<int> Numbers { get; set; } = [];

    public ImmutableArray<Item> Items { get; set; } = [];

    public ImmutableArray<float> Floats { get; set; } = [];

    /// <summary>Default (no array) unless set: written as nil.</summary>
    public ImmutableArray<string> Tags { get; set; }

    public ImmutableDictionary<string, int> ByName { get; set; } = ImmutableDictionary<string, int>.Empty;

    public ImmutableDictionary<int, Item> ById { get; set; } = ImmutableDictionary<int, Item>.Empty;

    public ImmutableDictionary<string, int>? Absent { get; set; }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Sequences
{
    public HashSet<string> Names { get; set; } = [];

    public HashSet<int> Numbers { get; set; } = [];

    public IList<int> List { get; set; } = new List<int>();

    public IReadOnlyList<Item> ReadOnlyList { get; set; } = [];

    public ICollection<string> Collection { get; set; } = new List<string>();

    public IReadOnlyCollection<long> ReadOnlyCollection { get; set; } = [];

    public IEnumerable<string> Enumerable { get; set; } = [];

    public Queue<int> Queue { get; set; } = new();

    public Stack<string> Stack { get; set; } = new();

    public ISet<int> Set { get; set; } = new HashSet<int>();

    public SortedSet<string> SortedSet { get; set; } = [];

    public LinkedList<int> Linked { get; set; } = new();
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Grids
{
    public int[,] Ints { get; set; } = new int[0, 0];

    public float[,] Floats { get; set; } = new float[0, 0];

    public string[,] Texts { get; set; } = new string[0, 0];

    public double[,,] Cube { get; set; } = new double[0, 0, 0];

    public byte[,,,] Four { get; set; } = new byte[0, 0, 0, 0];

    public Item[,]? Items { get; set; }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Pairs
{
    public KeyValuePair<string, int> Pair { get; set; }

    public (int Count, string Name) Named { get; set; }

    public (int, string, Item, double) Four { get; set; } = (0, "", new Item(), 0);

    public (int, int, int, int, int, int, int, int, int) Nine { get; set; }

    public Tuple<int, string>? ClassTuple { get; set; }

    public List<KeyValuePair<int, string>> PairList { get; set; } = [];
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Scalars
{
    public Guid Id { get; set; }

    public TimeSpan Duration { get; set; }

    public DateTimeOffset Stamp { get; set; }

    public DateOnly Day { get; set; }

    public TimeOnly Time { get; set; }

    public decimal Money { get; set; }

    public Half Small { get; set; }

    public Guid? MaybeId { get; set; }

    public decimal? MaybeMoney { get; set; }

    public DateTime Utc { get; set; }

    public DateTime Unspecified { get; set; }

    public Int128 Huge { get; set; }

    public BigInteger Big { get; set; }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class MathTypes
{
    public Vector2 V2 { get; set; }

    public Vector3 V3 { get; set; }

    public Vector4 V4 { get; set; }

    public Quaternion Rotation { get; set; }

    public Matrix3x2 Transform2D { get; set; }

    public Matrix4x4 Transform { get; set; }

    public Vector2? MaybeV2 { get; set; }

    public List<Vector3> Path { get; set; } = [];
}

/// <summary>Plane has no MessagePack formatter; the generator writes it like Vector4 (normal X, Y, Z, then D).</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed class WithPlane
{
    public Plane Floor { get; set; }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed record Hero(string Name, int Level, List<string> Titles);

[MessagePackObject(keyAsPropertyName: true)]
public sealed class InitOnly
{
    public string Name { get; init; } = "unnamed";

    public int Level { get; init; } = 5;

    public Item Weapon { get; init; } = new();
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class GetOnly
{
    public GetOnly(string name, int level)
    {
        Name = name;
        Level = level;
    }

    public string Name { get; }

    public int Level { get; }

    public int Twice => Level * 2;
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class ReadonlyFields
{
    public readonly int A;
    public readonly string B;

    public ReadonlyFields(int a, string b)
    {
        A = a;
        B = b;
    }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Marked
{
    public Marked()
    {
    }

    [SerializationConstructor]
    public Marked(int x) => X = x;

    public int X { get; }

    public int Y { get; set; }
}

[MessagePackObject(keyAsPropertyName: true)]
public readonly struct ImmutablePoint(int x, int y)
{
    public int X { get; } = x;

    public int Y { get; } = y;
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class WithRequired
{
    public required string Name { get; set; }

    public int Level { get; set; } = 1;
}

[MessagePackObject(AllowPrivate = true)]
public sealed class Vault
{
    [Key("gold")]
#pragma warning disable IDE0044 // the generated reader assigns it: a settable private field is the kind under test
    private int _gold;
#pragma warning restore IDE0044

    public Vault()
    {
    }

    public Vault(int gold, string code, string owner)
    {
        _gold = gold;
        Code = code;
        Owner = owner;
    }

    [Key("code")]
    internal string Code { get; set; } = "";

    [Key("owner")]
    public string Owner { get; private set; } = "";

    [IgnoreMember]
    public int Gold => _gold;
}

[Union(0, typeof(Circle))]
[Union(1, typeof(Square))]
public abstract class Shape
{
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Circle : Shape
{
    public float Radius { get; set; }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Square : Shape
{
    public float Side { get; set; }

    public string Label { get; set; } = "";
}

[Union(0, typeof(Dog))]
[Union(5, typeof(Cat))]
public interface IPet
{
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Dog : IPet
{
    public string Name { get; set; } = "";
}

[MessagePackObject(keyAsPropertyName: true)]
public struct Cat : IPet
{
    public int Lives { get; set; }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Zoo
{
    public List<Shape> Shapes { get; set; } = [];

    public IPet? Pet { get; set; }

    public IPet? OtherPet { get; set; }

    public Shape? None { get; set; }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class WithCallbacks : IMessagePackSerializationCallbackReceiver
{
    public int Value { get; set; }

    public string Written { get; set; } = "";

    [IgnoreMember]
    public bool Restored { get; private set; }

    public void OnBeforeSerialize() => Written = $"value {Value}";

    public void OnAfterDeserialize() => Restored = true;
}

/// <summary>A type the game can't annotate, written by its own formatter.</summary>
public sealed class Money
{
    public long Cents { get; set; }
}

public sealed class MoneyFormatter : IMessagePackFormatter<Money?>
{
    public static readonly MoneyFormatter Instance = new();

    public void Serialize(ref MessagePackWriter writer, Money? value, MessagePackSerializerOptions options)
    {
        if (value is null)
        {
            writer.WriteNil();
        }
        else
        {
            writer.Write(value.Cents);
        }
    }

    public Money? Deserialize(ref MessagePackReader reader, MessagePackSerializerOptions options) =>
        reader.TryReadNil() ? null : new Money { Cents = reader.ReadInt64() };
}

/// <summary>A type carrying its own formatter.</summary>
[MessagePackFormatter(typeof(ColorNameFormatter))]
public readonly record struct ColorName(string Name);

public sealed class ColorNameFormatter : IMessagePackFormatter<ColorName>
{
    public void Serialize(ref MessagePackWriter writer, ColorName value, MessagePackSerializerOptions options) => writer.Write("color:" + value.Name);

    public ColorName Deserialize(ref MessagePackReader reader, MessagePackSerializerOptions options) => new(reader.ReadString()!["color:".Length..]);
}

/// <summary>A type from elsewhere, registered with [assembly: MessagePackKnownFormatter].</summary>
public struct ForeignPoint
{
    public int X;
    public int Y;
}

public sealed class ForeignPointFormatter : IMessagePackFormatter<ForeignPoint>
{
    public static readonly ForeignPointFormatter Instance = new();

    public void Serialize(ref MessagePackWriter writer, ForeignPoint value, MessagePackSerializerOptions options)
    {
        writer.WriteArrayHeader(2);
        writer.Write(value.X);
        writer.Write(value.Y);
    }

    public ForeignPoint Deserialize(ref MessagePackReader reader, MessagePackSerializerOptions options)
    {
        reader.ReadArrayHeader();
        return new ForeignPoint { X = reader.ReadInt32(), Y = reader.ReadInt32() };
    }
}

public enum Mood
{
    Calm,
    [EnumMember(Value = "angry!")]
    Angry,
    Sleepy,
}

[Flags]
public enum Powers
{
    None = 0,
    Fly = 1,
    Swim = 2,
    Climb = 4,
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Formatted
{
    [MessagePackFormatter(typeof(MoneyFormatter))]
    public Money? Wallet { get; set; }

    public ColorName Favourite { get; set; }

    public ForeignPoint Spot { get; set; }

    [MessagePackFormatter(typeof(EnumAsStringFormatter<Mood>))]
    public Mood Mood { get; set; }

    [MessagePackFormatter(typeof(EnumAsStringFormatter<Powers>))]
    public Powers Powers { get; set; }

    [MessagePackFormatter(typeof(EnumAsStringFormatter<Faction>))]
    public Faction Side { get; set; }
}

[MessagePackObject]
public sealed class Explicit
{
    [Key("name")]
    public string Name { get; set; } = "";

    [Key("level")]
    public int Level { get; set; }

    [Key("twice")]
    public int Twice => Level * 2;

    [Key("tags")]
    public List<string> Tags = [];
}

[MessagePackObject]
public sealed class ExplicitEmpty
{
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class MapEmpty
{
}

[MessagePackObject(keyAsPropertyName: true)]
public class Animal
{
    public int Legs = 4;

    public string Name { get; set; } = "rex";

    public virtual string Sound { get; set; } = "...";

    public bool Wild;
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Wolf : Animal
{
    public string Pack = "north";

    public override string Sound { get; set; } = "howl";

    public int Age { get; set; } = 3;
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Ordered
{
    public int A { get; set; }

    [DataMember(Order = 2)]
    public int B { get; set; }

    [DataMember]
    public int C { get; set; }

    public int D;
}

/// <summary>Collections whose items may be null, of every sort: protobuf carries each item in a message of its own.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed class NullableItems
{
    public List<string?> Texts { get; set; } = [];

    public int?[] Numbers { get; set; } = [];

    public List<Item?> Items { get; set; } = [];

    public List<List<int>?> Lists { get; set; } = [];

    public Dictionary<string, int?> Maybe { get; set; } = [];

    public string?[,] Grid { get; set; } = new string?[0, 0];
}

[GeneratedFormatterResolver(
    typeof(Dictionaries), typeof(Sequences), typeof(Grids), typeof(Pairs), typeof(Scalars), typeof(MathTypes), typeof(WithPlane),
    typeof(Hero), typeof(InitOnly), typeof(GetOnly), typeof(ReadonlyFields), typeof(Marked), typeof(ImmutablePoint), typeof(WithRequired),
    typeof(Vault), typeof(Zoo), typeof(WithCallbacks), typeof(Formatted), typeof(Explicit), typeof(ExplicitEmpty), typeof(MapEmpty),
    typeof(Wolf), typeof(Ordered), typeof(ImmutableCollections))]
internal sealed partial class KindsResolver : IFormatterResolver
{
}

/// <summary>The assembly's one save model: every enum it reaches written by name.</summary>
[SaveModel(EnumsAsStrings = true)]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class NamedEnums
{
    public Mood Mood { get; set; }

    public Powers Powers { get; set; }

    public List<Faction> Sides { get; set; } = [];

    public Dictionary<Faction, int> BySide { get; set; } = [];
}

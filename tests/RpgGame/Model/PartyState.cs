using System.Numerics;
using System.Text.Json.Serialization;
using Engine.Serialization;
using Engine.Serialization.Models;
using MessagePack;
using MessagePack.Formatters;

// A type the game can't annotate, written by a formatter registered for the whole assembly rather than on a member.
[assembly: MessagePackKnownFormatter(typeof(RpgGame.Model.SigilFormatter))]

namespace RpgGame.Model;

/// <summary>
/// The whole state of a party of adventurers: what the RPG saves. Every kind of member a game's model may use appears
/// somewhere, so the tests that save and load it hold the generator to all of them.
/// </summary>
[SaveModel(Id = ModelId, SchemaVersion = CurrentSchemaVersion)]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class PartyState : ISaveMetadataSource
{
    public const string ModelId = "rpg-demo.party";

    public const int CurrentSchemaVersion = 1;

    public const string Game = "rpg-demo";

    public required string PartyName { get; set; }

    public Guid SaveId { get; set; }

    public string Location { get; set; } = "Village";

    public DateTimeOffset StartedAt { get; set; }

    public DateTime LastRestUtc { get; set; }

    public TimeSpan PlayTime { get; set; }

    public DateOnly CalendarDate { get; set; }

    public TimeOnly TimeOfDay { get; set; }

    public decimal Gold { get; set; }

    public Half Luck { get; set; }

    public double Difficulty { get; set; } = 1;

    public long Steps { get; set; }

    public byte[]? Portrait { get; set; }

    public List<Hero> Heroes { get; set; } = [];

    public Dictionary<string, int> Reputation { get; set; } = [];

    public Dictionary<int, QuestState> Quests { get; set; } = [];

    public SortedDictionary<string, long> Bestiary { get; set; } = [];

    public IDictionary<string, string> Flags { get; set; } = new Dictionary<string, string>();

    public IReadOnlyDictionary<Guid, DateTime> Discoveries { get; set; } = new Dictionary<Guid, DateTime>();

    public HashSet<string> UnlockedAreas { get; set; } = [];

    public ISet<int> VisitedShrines { get; set; } = new HashSet<int>();

    public IList<Item> Stash { get; set; } = new List<Item>();

    public IReadOnlyList<int> UnlockedLevels { get; set; } = [];

    public ICollection<string> Journal { get; set; } = new List<string>();

    public IReadOnlyCollection<long> Checkpoints { get; set; } = [];

    public IEnumerable<string> Hints { get; set; } = [];

    public Queue<string> EventQueue { get; set; } = new();

    public Stack<string> MenuHistory { get; set; } = new();

    public List<string?> Notes { get; set; } = [];

    public byte[,] FogOfWar { get; set; } = new byte[0, 0];

    public float[,] Heights { get; set; } = new float[0, 0];

    public int[,,] Dungeon { get; set; } = new int[0, 0, 0];

    // default(KeyValuePair<string, int>) holds a null key, which the model does not allow: a save of it would be refused.
    public KeyValuePair<string, int> LastLoot { get; set; } = new("", 0);

    public (int X, int Y) Cursor { get; set; }

    public (string Name, int Level)? Rival { get; set; }

    public Vector2 MapScroll { get; set; }

    public Vector3 CameraPosition { get; set; }

    public Vector4 Tint { get; set; } = Vector4.One;

    public Quaternion CameraRotation { get; set; } = Quaternion.Identity;

    public Matrix3x2 HudTransform { get; set; } = Matrix3x2.Identity;

    public Matrix4x4 WorldTransform { get; set; } = Matrix4x4.Identity;

    public Plane WaterLevel { get; set; }

    public Inventory Inventory { get; set; } = new();

    public Weather Weather { get; init; } = new("clear", 0);

    [MessagePackFormatter(typeof(MoneyFormatter))]
    public Money Purse { get; set; }

    [MessagePackFormatter(typeof(EnumAsStringFormatter<Element>))]
    public Element Affinity { get; set; }

    public IStatusEffect? PartyEffect { get; set; }

    // Added after the rpg-v1 fixtures were frozen: their saves lack it and load it as default(Sigil), the sample's value.
    public Sigil Crest { get; set; }

    string ISaveMetadataSource.GameId => Game;

    string ISaveMetadataSource.Title => Heroes.Count == 0 ? $"{PartyName} at {Location}" : $"{PartyName}: {Heroes[0].Name} at {Location}";

    // A slot list shows a duration: a play time the clock got wrong shows as none.
    double ISaveMetadataSource.PlayTimeSeconds => Math.Clamp(PlayTime.TotalSeconds, 0, TimeSpan.MaxValue.TotalSeconds);
}

public enum HeroClass
{
    Warrior,
    Mage,
    Rogue,
    Cleric,
}

/// <summary>Later versions add elements; a party holding one an older game does not know keeps it through a save.</summary>
[Flags]
[AllowUndefinedValues]
public enum Element
{
    None = 0,
    Fire = 1,
    Ice = 2,
    Storm = 4,
}

public enum Slot : byte
{
    Head,
    Body,
    Hands,
    Feet,
}

public enum QuestStage
{
    Offered,
    Active,
    Done,
    Failed,
}

/// <summary>A hero: a positional record, with members set by init accessors besides.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed record Hero(string Name, HeroClass Class, int Level, Stats Stats)
{
    public Dictionary<Slot, Item> Equipment { get; init; } = [];

    public IReadOnlyList<Skill> Skills { get; init; } = [];

    public float Health { get; set; } = 1;
}

[MessagePackObject(keyAsPropertyName: true)]
public readonly record struct Stats(int Strength, int Agility, int Wisdom, float CritChance);

/// <summary>A skill: get-only members, set by the one constructor whose parameters match them.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed class Skill
{
    public Skill(string name, int rank, Element element)
    {
        Name = name;
        Rank = rank;
        Element = element;
    }

    public string Name { get; }

    public int Rank { get; }

    public Element Element { get; }
}

[MessagePackObject(keyAsPropertyName: true)]
public readonly record struct Weather(string Kind, float Intensity);

[Union(0, typeof(Weapon))]
[Union(1, typeof(Armor))]
[Union(2, typeof(Potion))]
public abstract class Item
{
    public string Name { get; set; } = "";

    public int Value { get; set; }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Weapon : Item
{
    public float Damage { get; set; }

    public Element Element { get; set; }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Armor : Item
{
    public int Defense { get; set; }

    public Slot Slot { get; set; }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Potion : Item
{
    public int Heal { get; set; }

    public int Charges { get; set; } = 1;
}

[Union(0, typeof(Poisoned))]
[Union(1, typeof(Hasted))]
public interface IStatusEffect
{
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Poisoned : IStatusEffect
{
    public int DamagePerTurn { get; set; }

    public int TurnsLeft { get; set; }
}

[MessagePackObject(keyAsPropertyName: true)]
public struct Hasted : IStatusEffect
{
    public float Multiplier { get; set; }
}

/// <summary>A quest: read through the constructor marked for it; the rest set after.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed class QuestState
{
    [SerializationConstructor]
    public QuestState(string title, QuestStage stage)
    {
        Title = title;
        Stage = stage;
    }

    public QuestState(string title)
        : this(title, QuestStage.Offered)
    {
    }

    public string Title { get; }

    public QuestStage Stage { get; }

    public Dictionary<string, bool> Objectives { get; set; } = [];

    public DateTime StartedAt { get; set; }

    public decimal? Reward { get; set; }
}

/// <summary>
/// The party's bags: private state saved through AllowPrivate, and callbacks around saving and loading (the index of
/// what is carried is rebuilt after a load; a bag over its capacity is refused at save).
/// </summary>
[MessagePackObject(AllowPrivate = true)]
public sealed class Inventory : IMessagePackSerializationCallbackReceiver
{
    [Key("stacks")]
#pragma warning disable IDE0044 // the generated reader assigns it: the model keeps a settable private field on purpose
    private List<ItemStack> _stacks = [];
#pragma warning restore IDE0044

    [IgnoreMember]
    private Dictionary<string, int> _countById = [];

    [Key("capacity")]
    public int Capacity { get; private set; } = 20;

    // An internal member saved through its [Key] (added after the rpg-v1 fixtures were frozen: their saves lack it and
    // load it as "", the sample's value). [JsonInclude] puts it in the PartyDump oracle, which otherwise sees public members only.
    [Key("label")]
    [JsonInclude]
    internal string Label { get; set; } = "";

    [IgnoreMember]
    public IReadOnlyList<ItemStack> Stacks => _stacks;

    public void Add(string itemId, int count)
    {
        _stacks.Add(new ItemStack(itemId, count));
        _countById[itemId] = CountOf(itemId) + count;
    }

    public int CountOf(string itemId) => _countById.GetValueOrDefault(itemId);

    public void Grow(int slots) => Capacity += slots;

    void IMessagePackSerializationCallbackReceiver.OnBeforeSerialize()
    {
        if (_stacks.Count > Capacity)
        {
            throw new InvalidOperationException($"the bags hold {_stacks.Count} stacks but only have room for {Capacity}");
        }
    }

    void IMessagePackSerializationCallbackReceiver.OnAfterDeserialize()
    {
        _countById = [];
        foreach (var stack in _stacks)
        {
            _countById[stack.ItemId] = CountOf(stack.ItemId) + stack.Count;
        }
    }
}

/// <summary>Readonly fields, set by the constructor.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed class ItemStack
{
    public readonly string ItemId;
    public readonly int Count;

    public ItemStack(string itemId, int count)
    {
        ItemId = itemId;
        Count = count;
    }
}

/// <summary>Coins, from a library the game can't annotate: written by its own formatter.</summary>
public readonly struct Money(long copper)
{
    public long Copper { get; } = copper;
}

public sealed class MoneyFormatter : IMessagePackFormatter<Money>
{
    public static readonly MoneyFormatter Instance = new();

    public void Serialize(ref MessagePackWriter writer, Money value, MessagePackSerializerOptions options) => writer.Write(value.Copper);

    public Money Deserialize(ref MessagePackReader reader, MessagePackSerializerOptions options) => new(reader.ReadInt64());
}

/// <summary>A party's crest, from an art library the game can't annotate: registered with [assembly: MessagePackKnownFormatter].</summary>
public readonly struct Sigil(byte shape, uint colour)
{
    public byte Shape { get; } = shape;

    public uint Colour { get; } = colour;
}

public sealed class SigilFormatter : IMessagePackFormatter<Sigil>
{
    public static readonly SigilFormatter Instance = new();

    public void Serialize(ref MessagePackWriter writer, Sigil value, MessagePackSerializerOptions options)
    {
        writer.WriteArrayHeader(2);
        writer.Write(value.Shape);
        writer.Write(value.Colour);
    }

    public Sigil Deserialize(ref MessagePackReader reader, MessagePackSerializerOptions options)
    {
        if (reader.ReadArrayHeader() != 2)
        {
            throw new MessagePackSerializationException("A sigil is two numbers: its shape and its colour.");
        }

        return new(reader.ReadByte(), reader.ReadUInt32());
    }
}

using Engine.Serialization.Generated;
using MessagePack;

namespace Engine.Serialization.Generator.Tests;

public enum Rarity : byte
{
    Common,
    Rare,
    Epic,
}

public enum Faction
{
    None,
    Red,
    Blue,
}

[MessagePackObject(keyAsPropertyName: true)]
public struct Vector
{
    public float X;
    public float Y;
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Item
{
    public string Name { get; set; } = string.Empty;

    public int Count { get; set; }
}

[MessagePackObject]
public sealed class Stats
{
    [Key("hp")]
    public int Health { get; set; }

    [Key("tags")]
    public List<string> Tags { get; set; } = [];

    [IgnoreMember]
    public int Cached { get; set; }

    [IgnoreMember]
    public int TagCount => Tags.Count;
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class AllPrimitives
{
    public bool Bool { get; set; }

    public byte Byte { get; set; }

    public sbyte SByte { get; set; }

    public short Int16 { get; set; }

    public ushort UInt16 { get; set; }

    public int Int32 { get; set; }

    public uint UInt32 { get; set; }

    public long Int64 { get; set; }

    public ulong UInt64 { get; set; }

    public float Single { get; set; }

    public double Double { get; set; }

    public char Char { get; set; }

    public string? String { get; set; }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class SampleGraph
{
    public AllPrimitives Primitives { get; set; } = new();

    public Stats Stats { get; set; } = new();

    public Item? Missing { get; set; }

    public Vector Position;

    public Vector? OptionalPosition;

    public List<Item> Items { get; set; } = [];

    public List<string> Names { get; set; } = [];

    public Item[] ItemArray { get; set; } = [];

    public float[] Weights { get; set; } = [];

    public byte[] Blob { get; set; } = [];

    public Rarity Rarity { get; set; }

    public Faction[] Factions { get; set; } = [];

    public int? OptionalInt { get; set; }

    public int? AbsentInt { get; set; }

    public List<List<Item>> Grid { get; set; } = [];

    public string Original { get; set; } = string.Empty;
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class PlayerV1
{
    public string Name { get; set; } = "nobody";

    public int Level { get; set; } = 1;
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class PlayerV2
{
    public string Name { get; set; } = "nobody";

    public int Level { get; set; } = 1;

    public Faction Faction { get; set; } = Faction.Red;

    public List<Item> Inventory { get; set; } = [new Item { Name = "starter", Count = 1 }];

    public Stats? Stats { get; set; }
}

/// <summary>Every other shape the generated code writes and reads.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed class Shapes
{
    public DateTime When { get; set; }

    public DateTime? MaybeWhen { get; set; }

    public DateTime? NoWhen { get; set; }

    public double[] Samples { get; set; } = [];

    public List<float> FloatList { get; set; } = [];

    public List<int> Scores { get; set; } = [];

    public string?[] Labels { get; set; } = [];

    public List<Faction> FactionList { get; set; } = [];

    public List<Vector> Path { get; set; } = [];

    public Vector?[] Gaps { get; set; } = [];

    public int[][] Jagged { get; set; } = [];

    public List<DateTime> Times { get; set; } = [];

    public byte[]? NoBlob { get; set; }

    public float[]? NoWeights { get; set; }
}

/// <summary>A type that holds itself: only the depth limit bounds how deep its data can nest.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed class Node
{
    public Node? Child { get; set; }

    public List<Node> Children { get; set; } = [];
}

[GeneratedFormatterResolver(typeof(SampleGraph), typeof(PlayerV1), typeof(PlayerV2), typeof(Shapes), typeof(Node))]
internal sealed partial class SampleResolver : IFormatterResolver
{
}



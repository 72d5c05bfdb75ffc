using MessagePack;

namespace Engine.Serialization.Tests.Versioning;

/// <summary>
/// A settlement as a game ships it, and as its next release does: a settler's gold became a long and its stamina a
/// double, its mood gained a value, and a unit gained a kind. The newer release's saves are framed with the older
/// model's id by the tests (two models of one assembly can't share an id).
/// </summary>
[SaveModel(Id = Settlement.ModelId)]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class Settlement
{
    public const string ModelId = "tests.settlement";

    public Settler Player { get; set; } = new();

    public List<Settler> Settlers { get; set; } = [];

    public Dictionary<string, Settler> ByName { get; set; } = [];

    public List<Unit> Units { get; set; } = [];
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Settler
{
    public string Name { get; set; } = "";

    public int Gold { get; set; }

    public float Stamina { get; set; }

    public Mood Mood { get; set; }
}

public enum Mood
{
    Calm,
    Angry,
}

[Union(0, typeof(Farmer))]
public abstract class Unit
{
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Farmer : Unit
{
    public int Crops { get; set; }
}

[SaveModel(Id = NewerSettlement.ModelId)]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class NewerSettlement
{
    public const string ModelId = "tests.settlement.newer";

    public NewerSettler Player { get; set; } = new();

    public List<NewerSettler> Settlers { get; set; } = [];

    public Dictionary<string, NewerSettler> ByName { get; set; } = [];

    public List<NewerUnit> Units { get; set; } = [];
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class NewerSettler
{
    public string Name { get; set; } = "";

    public long Gold { get; set; }

    public double Stamina { get; set; }

    public NewerMood Mood { get; set; }
}

public enum NewerMood
{
    Calm,
    Angry,
    Joyful,
}

[Union(0, typeof(NewerFarmer))]
[Union(1, typeof(Knight))]
public abstract class NewerUnit
{
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class NewerFarmer : NewerUnit
{
    public int Crops { get; set; }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Knight : NewerUnit
{
    public int Valor { get; set; }
}

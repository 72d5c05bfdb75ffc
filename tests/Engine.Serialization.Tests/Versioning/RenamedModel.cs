using MessagePack;

namespace Engine.Serialization.Tests.Versioning.Renames;

// A colony game at two releases. (One assembly can't hold two models of one Id: RenameTests gives release 1's saves
// release 2's Id, as the same game's earlier build would have written them.) Release 2 renamed members at every kind of place a member can be (the
// root, a list's elements, a dictionary's values, a union case, a constructor-bound record, an explicit-key type), with
// [FormerlySavedAs] and nothing else, and renamed the class of a union case (SettlerV1 is Pioneer).

/// <summary>Release 1.</summary>
[SaveModel(Id = "tests.renamed-colony.release1")]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class ColonyV1
{
    public string Name { get; set; } = "";

    public int Day { get; set; }

    public List<ColonistV1> Crew { get; set; } = [];

    public Dictionary<string, ColonistV1> ByPost { get; set; } = [];

    public List<UnitV1> Units { get; set; } = [];

    public ShiftV1? Shift { get; set; }

    public BeaconV1 Beacon { get; set; } = new();
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class ColonistV1
{
    public string Nickname { get; set; } = "";

    public int Age { get; set; }
}

[Union(0, typeof(SettlerV1))]
[Union(1, typeof(DroneV1))]
public abstract class UnitV1
{
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class SettlerV1 : UnitV1
{
    public string Nickname { get; set; } = "";

    public float Health { get; set; }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class DroneV1 : UnitV1
{
    public int Serial { get; set; }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed record ShiftV1(string Place, int Hours);

[MessagePackObject]
public sealed class BeaconV1
{
    [Key("freq")]
    public double Frequency { get; set; }

    [Key("on")]
    public bool Lit { get; set; }
}

/// <summary>Release 2: every member renamed by attribute alone.</summary>
[SaveModel(Id = "tests.renamed-colony")]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class Colony
{
    [FormerlySavedAs("Name")]
    public string Title { get; set; } = "";

    public int Day { get; set; }

    public List<Colonist> Crew { get; set; } = [];

    [FormerlySavedAs("ByPost")]
    public Dictionary<string, Colonist> Posts { get; set; } = [];

    public List<Unit> Units { get; set; } = [];

    public Shift? Shift { get; set; }

    public Beacon Beacon { get; set; } = new();

    /// <summary>Renamed twice (neither earlier release is modelled here): earlier keys oldest first.</summary>
    [FormerlySavedAs("Slogan")]
    [FormerlySavedAs("Creed")]
    public string Motto { get; set; } = "";
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Colonist
{
    [FormerlySavedAs("Nickname")]
    public string Callsign { get; set; } = "";

    public int Age { get; set; }
}

[Union(0, typeof(Pioneer))]
[Union(1, typeof(Drone))]
public abstract class Unit
{
}

/// <summary>Release 1's SettlerV1: the class renamed (its union key, 0, is what saves hold), and a member too.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed class Pioneer : Unit
{
    [FormerlySavedAs("Nickname")]
    public string Callsign { get; set; } = "";

    public float Health { get; set; }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Drone : Unit
{
    public int Serial { get; set; }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed record Shift([property: FormerlySavedAs("Place")] string Where, int Hours);

[MessagePackObject]
public sealed class Beacon
{
    [Key("frequency")]
    [FormerlySavedAs("freq")]
    public double Frequency { get; set; }

    [Key("on")]
    public bool Lit { get; set; }
}

using Engine.Serialization.Migrations;
using MessagePack;

namespace Engine.Serialization.Tests.Versioning;

// A colony game at two releases (issue 33): release 2 renamed Nickname to Callsign in the cases of a [Union] (a list of
// them and a member holding one) and in a dictionary's values, renamed a soldier's Rank to Grade, and keyed its
// settlers by "settler/<name>". Release 1's saves are framed with release 2's model id (two models of one assembly
// can't share one), as JournalV1's are.

/// <summary>Release 1's colony.</summary>
[SaveModel(Id = "tests.colony.v1")]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class ColonyV1
{
    public string Name { get; set; } = "";

    public List<UnitV1?> Entities { get; set; } = [];

    public UnitV1? Leader { get; set; }

    public Dictionary<string, SettlerV1> Settlers { get; set; } = [];

    public Dictionary<int, UnitV1> Garrison { get; set; } = [];
}

[Union(0, typeof(SoldierV1))]
[Union(1, typeof(WorkerV1))]
public abstract class UnitV1
{
    public string Nickname { get; set; } = "";

    public int Health { get; set; }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class SoldierV1 : UnitV1
{
    public int Rank { get; set; }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class WorkerV1 : UnitV1
{
    public string Trade { get; set; } = "";
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class SettlerV1
{
    public string Nickname { get; set; } = "";

    public int Age { get; set; }
}

/// <summary>Release 2's colony, brought up from release 1's saves by <see cref="ColonyCallsigns"/>.</summary>
[SaveModel(Id = ModelId, SchemaVersion = 2, Migrations = [typeof(ColonyCallsigns)])]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class ColonyV2
{
    public const string ModelId = "tests.colony";

    public string Name { get; set; } = "";

    public List<UnitV2?> Entities { get; set; } = [];

    public UnitV2? Leader { get; set; }

    public Dictionary<string, SettlerV2> Settlers { get; set; } = [];

    public Dictionary<int, UnitV2> Garrison { get; set; } = [];
}

[Union(0, typeof(SoldierV2))]
[Union(1, typeof(WorkerV2))]
public abstract class UnitV2
{
    public string Callsign { get; set; } = "";

    public int Health { get; set; }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class SoldierV2 : UnitV2
{
    public int Grade { get; set; }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class WorkerV2 : UnitV2
{
    public string Trade { get; set; } = "";
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class SettlerV2
{
    public string Callsign { get; set; } = "";

    public int Age { get; set; }
}

public sealed class ColonyCallsigns : ISchemaMigration
{
    public const int Soldier = 0;

    public int FromVersion => 1;

    public string Description => "Unit.Nickname and Settler.Nickname are now Callsign; Soldier.Rank is now Grade; settlers are keyed settler/<name>";

    public void Apply(DocumentObject root)
    {
        foreach (var unit in root.Objects("Entities"))
        {
            Rename(unit);
        }

        if (root.Object("Leader") is { } leader)
        {
            Rename(leader);
        }

        foreach (var post in root.Dictionary("Garrison"))
        {
            Rename(post.Value!);
        }

        foreach (var settler in root.Dictionary("Settlers"))
        {
            settler.Value!.Rename("Nickname", "Callsign");
            settler.SetKey("settler/" + settler.GetKeyString());
        }
    }

    private static void Rename(DocumentObject unit)
    {
        unit.Rename("Nickname", "Callsign");
        if (unit.UnionCase == Soldier)
        {
            unit.Rename("Rank", "Grade");
        }
    }
}

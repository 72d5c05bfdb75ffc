using Engine.Serialization;
#if !RELEASE1
using Engine.Serialization.Migrations;
#endif
using MessagePack;

namespace EvolvingGame;

// A colony game at three releases, chosen by -p:GameRelease (RELEASE1, RELEASE2, RELEASE3 by default).
// Release 2: adds Achievements, Difficulty, Settler.Trust and the Scout case; removes Motto; renames Governor to
// Overseer by [FormerlySavedAs]; widens Day (int to long) and Morale (float to double); renames Entity.Tag to Label
// and Settler.Nickname to Callsign by migration (inside the union list and the dictionary's values).
// Release 3: Farm.Harvest, text such as "40 bushels", becomes a number of bushels, by migration.

/// <summary>Which release this build is.</summary>
internal static class Release
{
#if RELEASE1
    public const int Number = 1;
#elif RELEASE2
    public const int Number = 2;
#else
    public const int Number = 3;
#endif
}

#if RELEASE1
[SaveModel(Id = ModelId, SchemaVersion = Release.Number)]
#elif RELEASE2
[SaveModel(Id = ModelId, SchemaVersion = Release.Number, Migrations = [typeof(LabelsAndCallsigns)])]
#else
[SaveModel(Id = ModelId, SchemaVersion = Release.Number, Migrations = [typeof(LabelsAndCallsigns), typeof(HarvestInBushels)])]
#endif
[MessagePackObject(keyAsPropertyName: true)]
public sealed class Colony
{
    public const string ModelId = "evolving.colony";

    public string Name { get; set; } = "";

#if RELEASE1
    public int Day { get; set; }

    public float Morale { get; set; }

    public string Motto { get; set; } = "";

    public string Governor { get; set; } = "";
#else
    public long Day { get; set; }

    public double Morale { get; set; }

    [FormerlySavedAs("Governor")]
    public string Overseer { get; set; } = "";

    public int Difficulty { get; set; } = 2;

    public List<string> Achievements { get; set; } = [];
#endif

    public Season Season { get; set; }

    public List<Entity> Entities { get; set; } = [];

    public Dictionary<string, Settler> Settlers { get; set; } = [];

    public Terrain[,] Map { get; set; } = new Terrain[0, 0];

    public Charter Charter { get; set; } = new("", 0);

    public List<List<int>> Routes { get; set; } = [];
}

public enum Season
{
    Spring,
    Summer,
    Autumn,
    Winter,
}

public enum Terrain
{
    Grass,
    Water,
    Rock,
    Forest,
}

public enum Crop
{
    Wheat,
    Barley,
    Flax,
}

/// <summary>The colony's founding charter: a positional record, read through its constructor.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed record Charter(string Founder, int Year);

/// <summary>A unit or a building of the colony.</summary>
[Union(0, typeof(Soldier))]
[Union(1, typeof(Worker))]
[Union(2, typeof(Farm))]
[Union(3, typeof(Barracks))]
#if !RELEASE1
[Union(4, typeof(Scout))]
#endif
public abstract class Entity
{
#if RELEASE1
    public string Tag { get; set; } = "";
#else
    public string Label { get; set; } = "";
#endif

    public int Health { get; set; }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Soldier : Entity
{
    public int Rank { get; set; }

    public List<string> Medals { get; set; } = [];
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Worker : Entity
{
    public string Trade { get; set; } = "";
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Farm : Entity
{
#if RELEASE3
    public int Harvest { get; set; }
#else
    public string Harvest { get; set; } = "";
#endif

    public Crop Crop { get; set; }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Barracks : Entity
{
    public int Beds { get; set; }
}

#if !RELEASE1
[MessagePackObject(keyAsPropertyName: true)]
public sealed class Scout : Entity
{
    public double Range { get; set; }
}
#endif

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Settler
{
#if RELEASE1
    public string Nickname { get; set; } = "";
#else
    public string Callsign { get; set; } = "";
#endif

    public int Age { get; set; }

    public List<string> Skills { get; set; } = [];

#if !RELEASE1
    public int Trust { get; set; } = 50;
#endif
}

#if !RELEASE1
/// <summary>Release 2's step: Entity.Tag is Label in every entity of the union list, Settler.Nickname is Callsign.</summary>
public sealed class LabelsAndCallsigns : ISchemaMigration
{
    public int FromVersion => 1;

    public string Description => "Entity.Tag is now Entity.Label; Settler.Nickname is now Settler.Callsign";

    public void Apply(DocumentObject root)
    {
        ArgumentNullException.ThrowIfNull(root);
        foreach (var entity in root.Objects("Entities"))
        {
            entity.Rename("Tag", "Label");
        }

        foreach (var settler in root.Dictionary("Settlers"))
        {
            settler.Value?.Rename("Nickname", "Callsign");
        }
    }
}
#endif

#if RELEASE3
/// <summary>Release 3's step: a farm's harvest, saved as text ("40 bushels"), is its number of bushels.</summary>
public sealed class HarvestInBushels : ISchemaMigration
{
    private const int FarmCase = 2; // [Union(2, typeof(Farm))]

    public int FromVersion => 2;

    public string Description => "Farm.Harvest is a number of bushels rather than text";

    public void Apply(DocumentObject root)
    {
        ArgumentNullException.ThrowIfNull(root);
        foreach (var farm in root.Objects("Entities").Where(e => e.UnionCase == FarmCase))
        {
            if (farm.GetString("Harvest") is { } text)
            {
                farm.Remove("Harvest");
                farm.SetInt64("Harvest", Bushels(text));
            }
        }
    }

    // "40 bushels" is 40; text that starts with no number (a field not yet harvested) is none.
    private static long Bushels(string text) =>
        long.TryParse(text.Split(' ')[0], System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out long bushels) ? bushels : 0;
}
#endif

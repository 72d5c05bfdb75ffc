namespace EvolvingGame;

/// <summary>
/// The check's oracle, written by hand rather than by the generator: the colony each release saves, as this release
/// must load it. A value an earlier release saved is carried where this release keeps it (renamed, widened, migrated);
/// a member the earlier release lacked holds this release's default. Each release saves
/// <c>AsLoaded(Release.Number)</c>, so its own saves are checked by the same values.
/// </summary>
internal static class Colonies
{
    public static Colony AsLoaded(int savedBy) => new()
    {
        Name = "Far Reach",
#if RELEASE1
        Day = 412,
        Morale = 0.75f,
        Motto = "Dig deep",
        Governor = "Ada Quill",
#else
        Day = savedBy switch { 1 => 412, 2 => 5_000_000_000, _ => 5_000_000_400 },
        Morale = savedBy switch { 1 => 0.75, 2 => 0.1, _ => 0.2 },
        Overseer = savedBy == 1 ? "Ada Quill" : "Bo Lark",
        Difficulty = savedBy == 1 ? 2 : 3,
        Achievements = savedBy switch { 1 => [], 2 => ["first winter"], _ => ["first winter", "a second mill"] },
#endif
        Season = savedBy == 1 ? Season.Autumn : Season.Winter,
        Entities = Entities(savedBy),
        Settlers = Settlers(savedBy),
        Map = savedBy == 1
            ? new[,] { { Terrain.Grass, Terrain.Water, Terrain.Rock }, { Terrain.Forest, Terrain.Grass, Terrain.Grass } }
            : new[,] { { Terrain.Water, Terrain.Water }, { Terrain.Grass, Terrain.Rock }, { Terrain.Forest, Terrain.Forest } },
        Charter = savedBy == 1 ? new Charter("Ada Quill", 1789) : new Charter("Bo Lark", 1790),
        Routes = savedBy == 1 ? [[1, 2, 3], [4], []] : [[1, 2, 3, 5], [4], [6]],
    };

    private static List<Entity> Entities(int savedBy)
    {
        var entities = new List<Entity>
        {
            Named(new Soldier { Health = 9, Rank = savedBy == 1 ? 3 : 4, Medals = savedBy == 1 ? ["Ford", "Ridge"] : ["Ford", "Ridge", "Pass"] }, "Hawk"),
            Named(new Worker { Health = 7, Trade = "mason" }, "Digger"),
            Named(new Farm { Health = 40, Harvest = Harvest(savedBy), Crop = savedBy == 1 ? Crop.Wheat : Crop.Barley }, "North field"),
            Named(new Barracks { Health = 120, Beds = savedBy == 1 ? 8 : 12 }, "Longhouse"),
        };
#if !RELEASE1
        if (savedBy >= 2)
        {
            entities.Add(Named(new Scout { Health = 5, Range = 12.5 }, "Wisp"));
        }
#endif
        return entities;
    }

#if RELEASE3
    private static int Harvest(int savedBy) => savedBy switch { 1 => 40, 2 => 55, _ => 70 };
#else
    private static string Harvest(int savedBy) => savedBy == 1 ? "40 bushels" : "55 bushels";
#endif

    // Release 1's Tag is release 2's Label.
    private static Entity Named(Entity entity, string name)
    {
#if RELEASE1
        entity.Tag = name;
#else
        entity.Label = name;
#endif
        return entity;
    }

    private static Dictionary<string, Settler> Settlers(int savedBy)
    {
        var settlers = new Dictionary<string, Settler>
        {
            ["ada"] = Settler("Ace", savedBy == 1 ? 31 : 32, ["masonry", "maps"], trust: 80, savedBy),
            ["bo"] = Settler("Bee", savedBy == 1 ? 12 : 13, [], trust: 65, savedBy),
        };
        if (savedBy >= 2)
        {
            settlers["cy"] = Settler("Cee", 40, ["brewing"], trust: 50, savedBy);
        }

        return settlers;
    }

    // Release 1's Nickname is release 2's Callsign; a settler release 1 saved has the default trust.
    private static Settler Settler(string name, int age, List<string> skills, int trust, int savedBy)
    {
#if RELEASE1
        _ = trust;
        _ = savedBy;
        return new Settler { Nickname = name, Age = age, Skills = skills };
#else
        return new Settler { Callsign = name, Age = age, Skills = skills, Trust = savedBy == 1 ? 50 : trust };
#endif
    }
}

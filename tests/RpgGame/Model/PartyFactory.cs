using System.Numerics;
using System.Text;

namespace RpgGame.Model;

/// <summary>
/// Parties for the demo and for the tests: one realistic party, and random ones (seeded, so a seed always gives the
/// same party) that reach for the values formats get wrong: NaN, ±0, infinities, integer extremes, empty and large
/// collections, nulls where the model allows them, text outside the BMP and lone surrogates, every DateTimeKind.
/// </summary>
public static class PartyFactory
{
    [ThreadStatic]
    private static bool _invalidText;

    private static readonly string[] Words = ["ember", "frost", "gale", "ash", "moss", "iron", "dusk", "wyrm", "rune", "vale", "shade", "thorn"];

    public static PartyState Sample()
    {
        var party = new PartyState
        {
            PartyName = "The Lantern Company",
            SaveId = Guid.Parse("3f2504e0-4f89-11d3-9a0c-0305e82c3301"),
            Location = "Old Mill",
            StartedAt = new DateTimeOffset(2026, 10, 31, 20, 15, 0, TimeSpan.FromHours(1)),
            LastRestUtc = new DateTime(2026, 11, 2, 6, 0, 0, DateTimeKind.Utc),
            PlayTime = new TimeSpan(5, 42, 17),
            CalendarDate = new DateOnly(1042, 3, 14),
            TimeOfDay = new TimeOnly(18, 30),
            Gold = 1234.50m,
            Luck = (Half)0.75,
            Difficulty = 1.25,
            Steps = 48_211,
            Portrait = [0x89, 0x50, 0x4E, 0x47],
            Heroes =
            [
                new Hero("Aldric", HeroClass.Warrior, 12, new Stats(18, 11, 8, 0.05f))
                {
                    Equipment = { [Slot.Body] = new Armor { Name = "Chain mail", Value = 120, Defense = 6, Slot = Slot.Body }, [Slot.Hands] = new Weapon { Name = "Longsword", Value = 90, Damage = 9.5f, Element = Element.None } },
                    Skills = new[] { new Skill("Cleave", 3, Element.None), new Skill("Shield wall", 1, Element.None) },
                    Health = 0.8f,
                },
                new Hero("Mira", HeroClass.Mage, 11, new Stats(7, 12, 19, 0.12f))
                {
                    Equipment = { [Slot.Head] = new Armor { Name = "Circlet", Value = 300, Defense = 1, Slot = Slot.Head } },
                    Skills = new[] { new Skill("Firebolt", 4, Element.Fire), new Skill("Frost nova", 2, Element.Ice | Element.Storm) },
                },
            ],
            Reputation = { ["Millers"] = 40, ["Thieves' guild"] = -15 },
            Quests =
            {
                [1] = new QuestState("The missing miller", QuestStage.Done) { Objectives = { ["find the miller"] = true, ["return the key"] = true }, StartedAt = new DateTime(2026, 10, 31, 21, 0, 0, DateTimeKind.Utc), Reward = 50m },
                [7] = new QuestState("Wyrm in the well", QuestStage.Active) { Objectives = { ["descend"] = false } },
            },
            Bestiary = { ["rat"] = 31, ["wolf"] = 4, ["bandit"] = 7 },
            Flags = new Dictionary<string, string> { ["bridge"] = "repaired", ["ferryman"] = "paid" },
            Discoveries = new Dictionary<Guid, DateTime> { [Guid.Parse("9a1e7c55-7f3b-4c3e-8a77-1d2b3c4d5e6f")] = new DateTime(2026, 11, 1, 9, 30, 0, DateTimeKind.Utc) },
            UnlockedAreas = ["Village", "Old Mill", "Whispering Woods"],
            VisitedShrines = new HashSet<int> { 1, 4 },
            Stash = new List<Item> { new Potion { Name = "Healing draught", Value = 25, Heal = 30, Charges = 2 }, new Weapon { Name = "Rusty dagger", Value = 2, Damage = 2.5f } },
            UnlockedLevels = new[] { 1, 2, 3 },
            Journal = new List<string> { "Day 1: the miller is gone.", "Day 2: a key under the floorboards." },
            Checkpoints = new[] { 120L, 480L },
            Hints = new[] { "Wolves fear fire." },
            EventQueue = new Queue<string>(["storm at dusk", "merchant arrives"]),
            Notes = ["remember the ferry", null],
            FogOfWar = new byte[,] { { 255, 128, 0 }, { 255, 255, 64 } },
            Heights = new float[,] { { 0, 0.5f, 1 }, { -1, -0.5f, 2.25f } },
            Dungeon = new int[2, 2, 2] { { { 1, 0 }, { 0, 1 } }, { { 2, 2 }, { 0, 3 } } },
            LastLoot = new("Silver ring", 1),
            Cursor = (4, 7),
            Rival = ("Vex", 13),
            MapScroll = new Vector2(120, 48),
            CameraPosition = new Vector3(10, 25, -40),
            Tint = new Vector4(1, 0.9f, 0.8f, 1),
            CameraRotation = Quaternion.CreateFromYawPitchRoll(0.3f, -0.2f, 0),
            HudTransform = Matrix3x2.CreateScale(1.5f),
            WorldTransform = Matrix4x4.CreateTranslation(1, 2, 3),
            WaterLevel = new Plane(Vector3.UnitY, -2),
            Weather = new Weather("rain", 0.6f),
            Purse = new Money(45_678),
            Affinity = Element.Fire | Element.Storm,
            PartyEffect = new Poisoned { DamagePerTurn = 2, TurnsLeft = 3 },
        };
        party.MenuHistory.Push("main");
        party.MenuHistory.Push("inventory");
        party.Inventory.Add("torch", 3);
        party.Inventory.Add("rope", 1);
        return party;
    }

    /// <summary>
    /// A random party for <paramref name="seed"/>. Interface-typed collections hold what a load creates for them (arrays
    /// for the read-only ones, lists for the rest). One seed in seven puts lone surrogates in its text, which a save refuses.
    /// </summary>
    public static PartyState Random(int seed)
    {
        var random = new Random(seed);
        _invalidText = seed % 7 == 0;
        var party = new PartyState
        {
            PartyName = Text(random),
            SaveId = NewGuid(random),
            Location = Text(random),
            StartedAt = new DateTimeOffset(Ticks(random) / TimeSpan.TicksPerMinute * TimeSpan.TicksPerMinute, TimeSpan.FromMinutes(random.Next(-14 * 60, 14 * 60 + 1))),
            LastRestUtc = Time(random),
            PlayTime = TimeSpan.FromTicks(random.NextInt64(long.MinValue, long.MaxValue)),
            CalendarDate = DateOnly.FromDayNumber(random.Next(DateOnly.MaxValue.DayNumber + 1)),
            TimeOfDay = new TimeOnly(random.NextInt64(TimeOnly.MaxValue.Ticks + 1)),
            Gold = Pick(random, [decimal.MaxValue, decimal.MinValue, 0m, -0.0m, 1.50m, 0.0000000000000000000000000001m, (decimal)random.NextDouble()]),
            Luck = Pick(random, [Half.NaN, Half.PositiveInfinity, Half.NegativeZero, Half.MaxValue, Half.Epsilon, (Half)random.NextSingle()]),
            Difficulty = Double(random),
            Steps = Pick(random, [long.MinValue, long.MaxValue, 0L, -1L, random.NextInt64()]),
            Portrait = random.Next(4) == 0 ? null : Bytes(random),
            Heroes = List(random, () => Hero(random)),
            Reputation = Dictionary(random, () => Text(random), () => random.Next(int.MinValue, int.MaxValue)),
            Quests = Dictionary(random, () => random.Next(), () => Quest(random)),
            Bestiary = new(Dictionary(random, () => Text(random), () => random.NextInt64())),
            Flags = Dictionary(random, () => Text(random), () => Text(random)),
            Discoveries = Dictionary(random, () => NewGuid(random), () => Time(random)),
            UnlockedAreas = [.. List(random, () => Text(random))],
            VisitedShrines = new HashSet<int>(List(random, () => random.Next(int.MinValue, int.MaxValue))),
            Stash = List(random, () => Item(random)),
            UnlockedLevels = List(random, () => random.Next()).ToArray(),
            Journal = List(random, () => Text(random)),
            Checkpoints = List(random, random.NextInt64).ToArray(),
            Hints = List(random, () => Text(random)).ToArray(),
            EventQueue = new Queue<string>(List(random, () => Text(random))),
            MenuHistory = new Stack<string>(List(random, () => Text(random))),
            Notes = List(random, () => random.Next(3) == 0 ? null : Text(random)),
            FogOfWar = Grid(random, () => (byte)random.Next(256)),
            Heights = Grid(random, () => Single(random)),
            Dungeon = random.Next(3) == 0 ? new int[0, 0, 0] : new int[random.Next(1, 4), random.Next(1, 4), random.Next(1, 4)],
            LastLoot = new(Text(random), random.Next()),
            Cursor = (random.Next(int.MinValue, int.MaxValue), random.Next()),
            Rival = random.Next(2) == 0 ? null : (Text(random), random.Next()),
            MapScroll = new Vector2(Single(random), Single(random)),
            CameraPosition = new Vector3(Single(random), Single(random), Single(random)),
            Tint = new Vector4(Single(random), Single(random), Single(random), Single(random)),
            CameraRotation = new Quaternion(Single(random), Single(random), Single(random), Single(random)),
            HudTransform = new Matrix3x2(Single(random), Single(random), Single(random), Single(random), Single(random), Single(random)),
            WorldTransform = Matrix4x4.CreateTranslation(Single(random), Single(random), Single(random)) * Single(random),
            WaterLevel = new Plane(Single(random), Single(random), Single(random), Single(random)),
            Weather = new Weather(Text(random), Single(random)),
            Purse = new Money(random.NextInt64(long.MinValue, long.MaxValue)),
            Affinity = (Element)random.Next(0, 16),
            PartyEffect = random.Next(3) switch
            {
                0 => null,
                1 => new Poisoned { DamagePerTurn = random.Next(int.MinValue, int.MaxValue), TurnsLeft = random.Next() },
                _ => new Hasted { Multiplier = Single(random) },
            },
        };
        for (int i = random.Next(4); i > 0; i--)
        {
            party.Inventory.Add(Text(random), random.Next());
        }

        party.Inventory.Grow(random.Next(100));

        // Drawn last, so the members drawn before them keep the values each seed gave them before they were added.
        party.Inventory.Label = Text(random);
        party.Crest = new Sigil((byte)random.Next(256), (uint)random.NextInt64(uint.MaxValue + 1L));
        return party;
    }

    /// <summary>Whether any text in the party holds a lone surrogate: text a save must refuse, since UTF-8 can't carry it.</summary>
    public static bool HoldsInvalidText(PartyState party) =>
        Strings(party).Any(s => s is not null && !IsValidUnicode(s));

    private static IEnumerable<string?> Strings(PartyState p) =>
        new[] { p.PartyName, p.Location, p.LastLoot.Key, p.Rival?.Name, p.Weather.Kind }
            .Concat(p.Heroes.SelectMany(h => h.Skills.Select(s => s.Name).Append(h.Name).Concat(h.Equipment.Values.Select(i => i.Name))))
            .Concat(p.Reputation.Keys).Concat(p.Quests.Values.SelectMany(q => q.Objectives.Keys.Append(q.Title)))
            .Concat(p.Bestiary.Keys).Concat(p.Flags.Keys).Concat(p.Flags.Values).Concat(p.UnlockedAreas).Concat(p.Stash.Select(i => i.Name))
            .Concat(p.Journal).Concat(p.Hints).Concat(p.EventQueue).Concat(p.MenuHistory).Concat(p.Notes).Concat(p.Inventory.Stacks.Select(s => s.ItemId)).Append(p.Inventory.Label);

    private static bool IsValidUnicode(string text)
    {
        for (int i = 0; i < text.Length; i++)
        {
            if (char.IsHighSurrogate(text[i]) && i + 1 < text.Length && char.IsLowSurrogate(text[i + 1]))
            {
                i++;
            }
            else if (char.IsSurrogate(text[i]))
            {
                return false;
            }
        }

        return true;
    }

    private static Hero Hero(Random random) =>
        new(Text(random), (HeroClass)random.Next(4), random.Next(int.MinValue, int.MaxValue), new Stats(random.Next(), random.Next(int.MinValue, 0), random.Next(), Single(random)))
        {
            Equipment = Dictionary(random, () => (Slot)random.Next(4), () => Item(random)),
            Skills = List(random, () => new Skill(Text(random), random.Next(), (Element)random.Next(8))).ToArray(),
            Health = Single(random),
        };

    private static QuestState Quest(Random random) =>
        new(Text(random), (QuestStage)random.Next(4))
        {
            Objectives = Dictionary(random, () => Text(random), () => random.Next(2) == 0),
            StartedAt = Time(random),
            Reward = random.Next(3) == 0 ? null : (decimal)random.NextDouble() * random.Next(),
        };

    private static Item Item(Random random) => random.Next(3) switch
    {
        0 => new Weapon { Name = Text(random), Value = random.Next(), Damage = Single(random), Element = (Element)random.Next(8) },
        1 => new Armor { Name = Text(random), Value = random.Next(int.MinValue, 0), Defense = random.Next(), Slot = (Slot)random.Next(4) },
        _ => new Potion { Name = Text(random), Value = random.Next(), Heal = random.Next(), Charges = random.Next(-1, 9) },
    };

    /// <summary>Empty, small, or (now and then) large.</summary>
    private static List<T> List<T>(Random random, Func<T> item)
    {
        int count = random.Next(10) switch
        {
            0 => 0,
            1 => random.Next(200, 1500),
            _ => random.Next(1, 6),
        };
        var list = new List<T>(count);
        for (int i = 0; i < count; i++)
        {
            list.Add(item());
        }

        return list;
    }

    private static Dictionary<TKey, TValue> Dictionary<TKey, TValue>(Random random, Func<TKey> key, Func<TValue> value)
        where TKey : notnull
    {
        var dictionary = new Dictionary<TKey, TValue>();
        foreach (var k in List(random, key))
        {
            dictionary[k] = value();
        }

        return dictionary;
    }

    private static T[,] Grid<T>(Random random, Func<T> cell)
    {
        var grid = new T[random.Next(4) == 0 ? 0 : random.Next(1, 40), random.Next(1, 40)];
        for (int i = 0; i < grid.GetLength(0); i++)
        {
            for (int j = 0; j < grid.GetLength(1); j++)
            {
                grid[i, j] = cell();
            }
        }

        return grid;
    }

    private static string Text(Random random)
    {
        switch (random.Next(12))
        {
            case 0:
                return "";
            case 1:
                return "漢字 🎮 ünïcödé";
            case 2 when _invalidText:
                // A lone surrogate: half of a character.
                return "broken " + (char)random.Next(0xD800, 0xE000);
            case 2:
                return "pair " + char.ConvertFromUtf32(random.Next(0x10000, 0x110000));
            case 3:
                return " \t\r\n ";
            case 4:
                return new string('x', random.Next(32, 300));
            default:
                var text = new StringBuilder();
                for (int i = random.Next(1, 4); i > 0; i--)
                {
                    text.Append(Words[random.Next(Words.Length)]).Append(' ');
                }

                return text.ToString().TrimEnd();
        }
    }

    private static float Single(Random random) => random.Next(10) switch
    {
        0 => float.NaN,
        1 => float.PositiveInfinity,
        2 => float.NegativeInfinity,
        3 => -0f,
        4 => float.MaxValue,
        5 => float.Epsilon,
        _ => (random.NextSingle() - 0.5f) * 1000,
    };

    private static double Double(Random random) => random.Next(8) switch
    {
        0 => double.NaN,
        1 => double.NegativeInfinity,
        2 => -0.0,
        3 => double.MinValue,
        4 => double.Epsilon,
        _ => random.NextDouble() * 1e6,
    };

    private static long Ticks(Random random) => random.NextInt64(DateTime.MinValue.Ticks + TimeSpan.TicksPerDay, DateTime.MaxValue.Ticks - TimeSpan.TicksPerDay);

    /// <summary>A time of any kind: a save keeps its instant (local times become UTC, as MessagePack does).</summary>
    private static DateTime Time(Random random) => new(Ticks(random), (DateTimeKind)random.Next(3));

    private static Guid NewGuid(Random random)
    {
        Span<byte> bytes = stackalloc byte[16];
        random.NextBytes(bytes);
        return new Guid(bytes);
    }

    private static byte[] Bytes(Random random)
    {
        byte[] bytes = new byte[random.Next(0, 64)];
        random.NextBytes(bytes);
        return bytes;
    }

    private static T Pick<T>(Random random, T[] values) => values[random.Next(values.Length)];
}

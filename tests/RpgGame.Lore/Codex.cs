using System.Runtime.Serialization;
using Engine.Serialization;
using MessagePack;

namespace RpgGame.Lore;

/// <summary>
/// What the party has learned of the monsters it met: a save model whose enums, wherever they appear (a member, a
/// nullable, flags, a list, a dictionary's keys and values), are written by name.
/// </summary>
[SaveModel(Id = ModelId, EnumsAsStrings = true)]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class Codex
{
    public const string ModelId = "rpg-demo.codex";

    public string Title { get; set; } = "";

    public Creature Favourite { get; set; }

    public Creature? Nemesis { get; set; }

    public Habitat Haunts { get; set; }

    public List<Creature> Sighted { get; set; } = [];

    public Dictionary<Creature, Habitat> Lairs { get; set; } = [];
}

public enum Creature
{
    Slime,
    [EnumMember(Value = "dire wolf")]
    DireWolf,
    Wyvern,
    Lich = 40,
}

[Flags]
public enum Habitat
{
    None = 0,
    Forest = 1,
    Cave = 2,
    Swamp = 4,
    Ruins = 8,
}

/// <summary>Codices for the RPG's self-test and the tests: one written out, and random ones (seeded).</summary>
public static class CodexFactory
{
    private static readonly Creature[] Creatures = Enum.GetValues<Creature>();

    public static Codex Sample() => new()
    {
        Title = "Notes of the Lantern Company",
        Favourite = Creature.DireWolf,
        Nemesis = Creature.Lich,
        Haunts = Habitat.Cave | Habitat.Ruins,
        Sighted = [Creature.Slime, Creature.DireWolf, Creature.DireWolf, Creature.Wyvern],
        Lairs = { [Creature.Wyvern] = Habitat.Cave, [Creature.Lich] = Habitat.Ruins | Habitat.Swamp, [Creature.Slime] = Habitat.None },
    };

    /// <summary>Any value a save accepts: each enum holds one it declares (or, for the flags, a combination of them).</summary>
    public static Codex Random(int seed)
    {
        var random = new Random(seed);
        var codex = new Codex
        {
            Title = $"codex {seed}",
            Favourite = Pick(random),
            Nemesis = random.Next(3) == 0 ? null : Pick(random),
            Haunts = (Habitat)random.Next(16),
        };
        for (int i = random.Next(3) == 0 ? 0 : random.Next(1, 40); i > 0; i--)
        {
            codex.Sighted.Add(Pick(random));
        }

        foreach (var creature in Creatures.Where(_ => random.Next(2) == 0))
        {
            codex.Lairs[creature] = (Habitat)random.Next(16);
        }

        return codex;
    }

    private static Creature Pick(Random random) => Creatures[random.Next(Creatures.Length)];
}

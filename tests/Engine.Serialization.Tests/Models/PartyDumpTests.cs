using System.Numerics;
using System.Reflection;
using System.Text.Json;
using Engine.Testing;
using MessagePack;
using RpgGame;
using RpgGame.Model;

namespace Engine.Serialization.Tests.Models;

/// <summary>
/// The RPG self-test's oracle, <see cref="PartyDump"/>: it must write every member a save keeps (the RPG's model has
/// every kind: unions, grids, private fields, tuples, System.Numerics structs), and miss no difference the reflection
/// oracle sees.
/// </summary>
public sealed class PartyDumpTests
{
    [Fact]
    public void Of_Parties_NamesEveryMemberTheGraphComparerCompares()
    {
        var comparer = new GraphComparer();
        var names = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        foreach (var party in Enumerable.Range(1, 30).Where(seed => seed % 7 != 0).Select(PartyFactory.Random).Append(PartyFactory.Sample()))
        {
            Assert.Null(comparer.FindDifference(party, party));
            names.UnionWith(PropertyNames(PartyDump.Of(party)));
        }

        // A member is written by the name a save gives it ([Key], else its own: a private field by its property's);
        // one a save ignores needs no place in the dump.
        var missing = comparer.VisitedMembers
            .OfType<FieldInfo>()
            .Where(f => f.GetCustomAttribute<IgnoreMemberAttribute>() is null)
            .Where(f => !names.Contains(f.GetCustomAttribute<KeyAttribute>()?.StringKey ?? GraphComparer.NameOf(f)))
            .Select(f => $"{f.DeclaringType!.Name}.{GraphComparer.NameOf(f)}")
            .ToList();
        Assert.Empty(missing);
        Assert.Contains(comparer.VisitedMembers, m => m.DeclaringType == typeof(Hasted));
        Assert.Contains(comparer.VisitedMembers, m => m.DeclaringType == typeof(Weapon));
    }

    public static TheoryData<string> Mutations => new(MutationsByName.Keys);

    private static readonly Dictionary<string, Action<PartyState>> MutationsByName = new()
    {
        ["a union member's own member"] = p => ((Weapon)p.Stash[1]).Damage += 1,
        ["a union member's case"] = p => p.Stash[1] = new Armor { Name = p.Stash[1].Name, Value = p.Stash[1].Value },
        ["an interface union's member"] = p => ((Poisoned)p.PartyEffect!).TurnsLeft++,
        ["a grid's cell"] = p => p.Heights[1, 2] = -p.Heights[1, 2],
        ["a grid's shape"] = p => p.FogOfWar = new byte[,] { { 255, 128 }, { 0, 255 }, { 255, 64 } },
        ["a private field"] = p => p.Inventory.Add("lantern", 1),
        ["a privately set member"] = p => p.Inventory.Grow(1),
        ["an internal member"] = p => typeof(Inventory).GetProperty("Label", BindingFlags.Instance | BindingFlags.NonPublic)!.SetValue(p.Inventory, "mended"),
        ["a type with a registered formatter"] = p => p.Crest = new Sigil(7, 0xFF00FF),
        ["a tuple's field"] = p => p.Cursor = (p.Cursor.X, p.Cursor.Y + 1),
        ["a matrix's field"] = p => p.HudTransform = p.HudTransform with { M32 = 1 },
        ["a dictionary's value"] = p => p.Quests[7].Objectives["descend"] = true,
        ["an enum-keyed dictionary's key"] = p => p.Heroes[1].Equipment[Slot.Feet] = p.Heroes[1].Equipment[Slot.Head],
        ["a get-only member"] = p => p.Heroes[0] = p.Heroes[0] with { Skills = [new Skill("Cleave", 4, Element.None), p.Heroes[0].Skills[1]] },
        ["the instant of a time"] = p => p.LastRestUtc = p.LastRestUtc.AddTicks(1),
        ["a decimal's scale"] = p => p.Gold = 1234.5m,
        ["a half's sign"] = p => p.Luck = -p.Luck,
        ["a custom-formatted struct"] = p => p.Purse = new Money(p.Purse.Copper + 1),
        ["a time offset"] = p => p.StartedAt = p.StartedAt.ToOffset(TimeSpan.FromHours(2)),
        ["a vector"] = p => p.CameraPosition += Vector3.UnitZ,
    };

    [Theory]
    [MemberData(nameof(Mutations))]
    public void Difference_AfterOneMutation_ReportsIt(string mutation)
    {
        var actual = PartyFactory.Sample();
        MutationsByName[mutation](actual);

        Assert.NotNull(PartyDump.Difference(PartyDump.Of(PartyFactory.Sample()), PartyDump.Of(actual)));
    }

    [Fact]
    public void Difference_OfTheSameInstantInAnotherKind_IsNone()
    {
        var local = PartyFactory.Sample();
        local.LastRestUtc = local.LastRestUtc.ToLocalTime();

        Assert.Null(PartyDump.Difference(PartyDump.Of(PartyFactory.Sample()), PartyDump.Of(local)));
    }

    private static List<string> PropertyNames(byte[] dump)
    {
        var names = new List<string>();
        var reader = new Utf8JsonReader(dump);
        while (reader.Read())
        {
            if (reader.TokenType == JsonTokenType.PropertyName)
            {
                names.Add(reader.GetString()!);
            }
        }

        return names;
    }
}

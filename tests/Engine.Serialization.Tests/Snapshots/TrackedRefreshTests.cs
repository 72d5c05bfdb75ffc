using Engine.Serialization.Internal;
using Engine.Serialization.Models;
using Engine.Serialization.Snapshots;
using Engine.Testing;
using MessagePack;

namespace Engine.Serialization.Tests.Snapshots;

/// <summary>
/// A tracked model's snapshot skips what did not change: through any sequence of the changes a game makes (deep sets,
/// list edits, objects moved, shared, replaced, or made with children from initializers that no setter saw), parts
/// that change unseen (an array, a plain list) beside tracked ones, and two snapshots refreshed at different times,
/// each refresh still gives a copy equal to the game (the reflection oracle) and an image byte for byte a full save.
/// </summary>
public sealed class TrackedRefreshTests
{
    public static TheoryData<int> Seeds() => [.. Enumerable.Range(1, 40)];

    [Theory]
    [MemberData(nameof(Seeds))]
    public void ThroughRandomChanges_EachRefresh_EqualsTheGame_AndItsImageIsAFullSave(int seed)
    {
        var random = new Random(seed);
        var realm = Realm();
        var codec = SaveModels.Get<TrackedRealm>();
        var snapshot = new SaveSnapshot<TrackedRealm>(codec);
        TrackedRealm other = null!;
        var otherChanges = new SnapshotChanges();
        for (var round = 0; round < 30; round++)
        {
            for (var change = random.Next(4); change > 0; change--)
            {
                Change(realm, random, round);
            }

            SnapshotImages.AssertImageIsAFullSave(snapshot, realm);
            if (random.Next(3) == 0)
            {
                codec.Refresh(realm, ref other, otherChanges);
                GraphAssert.Equal(realm, other);
            }
        }
    }

    [Fact]
    public void AChildFromAnInitializer_ChangedAfterItsObjectJoined_IsSaved()
    {
        var realm = Realm();
        var snapshot = new SaveSnapshot<TrackedRealm>(SaveModels.Get<TrackedRealm>());
        SnapshotImages.AssertImageIsAFullSave(snapshot, realm);
        var zone = new TrackedZone { Name = "new" };
        realm.Zones.Add(zone);
        SnapshotImages.AssertImageIsAFullSave(snapshot, realm);

        // The chest and its list came from initializers: only the refresh that first copied them linked them.
        zone.Chest.Count = 7;
        SnapshotImages.AssertImageIsAFullSave(snapshot, realm);
        zone.Chest.Inside.Add(new TrackedThing { Name = "coin" });
        SnapshotImages.AssertImageIsAFullSave(snapshot, realm);
        zone.Chest.Inside[0].Count = 3;
        SnapshotImages.AssertImageIsAFullSave(snapshot, realm);
    }

    [Fact]
    public void AfterARefreshThatFailed_TheNextOneLooksAtEverything()
    {
        var realm = Realm();
        var snapshot = new SaveSnapshot<TrackedRealm>(SaveModels.Get<TrackedRealm>());
        SnapshotImages.AssertImageIsAFullSave(snapshot, realm);
        realm.Zones[0].Things[0].Name = "changed";
        realm.Zones[1].Things[0].Name = null!;
        Assert.Throws<SaveEncodingException>(() => SnapshotImages.AssertImageIsAFullSave(snapshot, realm));

        realm.Zones[1].Things[0].Name = "mended";
        SnapshotImages.AssertImageIsAFullSave(snapshot, realm);
    }

    private static TrackedRealm Realm()
    {
        var realm = new TrackedRealm();
        for (var z = 0; z < 3; z++)
        {
            var zone = new TrackedZone { Name = $"zone {z}" };
            for (var t = 0; t < 3; t++)
            {
                zone.Things.Add(new TrackedThing { Name = $"thing {z}.{t}", Count = t });
            }

            realm.Zones.Add(zone);
            realm.Wilds.Add(new TrackedWild { Name = $"wild {z}" });
        }

        return realm;
    }

    private static void Change(TrackedRealm realm, Random random, int round)
    {
        var zone = realm.Zones.Count > 0 ? realm.Zones[random.Next(realm.Zones.Count)] : null;
        var thing = zone is { Things.Count: > 0 } ? zone.Things[random.Next(zone.Things.Count)] : null;
        var wild = realm.Wilds[random.Next(realm.Wilds.Count)];
        switch (random.Next(24))
        {
            case 0: realm.Turn++; break;
            case 1: if (zone is not null) { zone.Name = $"zone r{round}"; } break;
            case 2: if (thing is not null) { thing.Count++; } break;
            case 3: zone?.Things.Add(new TrackedThing { Name = $"new {round}" }); break;
            case 4: if (zone is { Things.Count: > 0 }) { zone.Things.RemoveAt(random.Next(zone.Things.Count)); } break;
            case 5: zone?.Things.Insert(0, new TrackedThing { Name = $"first {round}" }); break;
            case 6:
                // Moved from one zone to another.
                var to = realm.Zones.Count > 0 ? realm.Zones[random.Next(realm.Zones.Count)] : null;
                if (thing is not null && to is not null && zone!.Things.Remove(thing))
                {
                    to.Things.Add(thing);
                }

                break;
            case 7:
                // Now in two places at once.
                var into = realm.Zones.Count > 0 ? realm.Zones[random.Next(realm.Zones.Count)] : null;
                if (thing is not null && into is { Things.Count: > 0 })
                {
                    into.Things[random.Next(into.Things.Count)] = thing;
                }

                break;
            case 8: realm.Focus = zone; break;
            case 9: if (realm.Focus is { } focus) { focus.Name = $"focus {round}"; } break;
            case 10: if (zone is not null) { zone.Chest = new TrackedThing { Name = $"chest {round}" }; } break;
            case 11: zone?.Chest.Inside.Add(new TrackedThing { Name = $"in chest {round}" }); break;
            case 12: realm.Zones.Add(new TrackedZone { Name = $"zone n{round}" }); break;
            case 13: realm.Log.Add($"turn {round}"); break;
            case 14: zone?.Things.Sort((a, b) => string.CompareOrdinal(b.Name, a.Name)); break;
            case 15: if (random.Next(4) == 0) { zone?.Things.Clear(); } break;
            case 16: wild.Heights[random.Next(wild.Heights.Length)] = round; break;
            case 17: wild.Notes.Add($"note {round}"); break;
            case 18: thing?.Inside.Add(new TrackedThing { Name = $"inside {round}" }); break;
            case 19: if (realm.Zones.Count > 2) { realm.Zones.RemoveRange(1, 1); } break;
            case 20: realm.Zones = new TrackedList<TrackedZone>(realm.Zones.Take(3)); break;
            case 21: if (thing is { Inside.Count: > 0 }) { thing.Inside[0].Count += 5; } break;
            case 22: wild.Keeper.Count++; break;
            default: if (zone is not null) { zone.Chest.Count++; } break;
        }
    }
}

[SaveModel]
[MessagePackObject(keyAsPropertyName: true)]
public sealed partial class TrackedRealm
{
    public partial int Turn { get; set; }

    public partial TrackedList<TrackedZone> Zones { get; set; } = [];

    public partial TrackedZone? Focus { get; set; }

    public partial TrackedList<TrackedWild> Wilds { get; set; } = [];

    public partial TrackedList<string> Log { get; set; } = [];
}

/// <summary>Tracked all the way down: a refresh skips it whole when it did not change.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed partial class TrackedZone
{
    public partial string Name { get; set; } = "";

    public partial TrackedList<TrackedThing> Things { get; set; } = [];

    public partial TrackedThing Chest { get; set; } = new();
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed partial class TrackedThing
{
    public partial string Name { get; set; } = "";

    public partial int Count { get; set; }

    public partial TrackedList<TrackedThing> Inside { get; set; } = [];
}

/// <summary>Holds what can change unseen (an array's cells, a plain list) beside a tracked child.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed partial class TrackedWild
{
    public partial string Name { get; set; } = "";

    public partial float[] Heights { get; set; } = new float[1500];

    public List<string> Notes { get; set; } = [];

    public partial TrackedThing Keeper { get; set; } = new();
}

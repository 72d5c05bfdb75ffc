using Engine.Serialization.Internal;
using Engine.Serialization.Models;
using Engine.Serialization.Tests.Snapshots;

namespace Engine.Serialization.Tests.Models;

/// <summary>
/// The marks a tracked model leaves as it changes, once a snapshot's copy has linked it: a change stamps its object
/// and every object above it, through each place it sits in, and nothing beside; each snapshot sees the changes since
/// its own last refresh began. (TrackedRefreshTests checks the refreshes these marks let skip against full saves.)
/// </summary>
public sealed class ChangeTrackingTests
{
    [Fact]
    public void AChangeBelow_MarksEveryObjectAbove_AndNothingBeside()
    {
        var (realm, first, second) = LinkedRealm();
        long since = ChangeTracking.BeginEpoch();

        first.Things[0].Count++;

        Assert.False(ChangeTracking.UnchangedSince(first.Things[0], since));
        Assert.False(ChangeTracking.UnchangedSince(first.Things, since));
        Assert.False(ChangeTracking.UnchangedSince(first, since));
        Assert.False(ChangeTracking.UnchangedSince(realm.Zones, since));
        Assert.False(ChangeTracking.UnchangedSince(realm, since));
        Assert.True(ChangeTracking.UnchangedSince(second, since));
        Assert.True(ChangeTracking.UnchangedSince(first.Things[1], since));
    }

    [Fact]
    public void EachSnapshot_SeesTheChangesSinceItsOwnLastRefreshBegan()
    {
        var (_, first, second) = LinkedRealm();
        long snapshotA = ChangeTracking.BeginEpoch();
        first.Name = "a";
        long snapshotB = ChangeTracking.BeginEpoch();
        second.Name = "b";

        Assert.False(ChangeTracking.UnchangedSince(first, snapshotA));
        Assert.True(ChangeTracking.UnchangedSince(first, snapshotB));
        Assert.False(ChangeTracking.UnchangedSince(second, snapshotA));
        Assert.False(ChangeTracking.UnchangedSince(second, snapshotB));
    }

    [Fact]
    public void AnObjectInTwoPlaces_MarksBoth_UntilItLeavesOne()
    {
        var realm = Realm();
        var shared = realm.Zones[0].Things[0];
        realm.Zones[1].Things.Add(shared);
        SaveModels.Get<TrackedRealm>().Copy(realm);
        long since = ChangeTracking.BeginEpoch();

        shared.Count++;

        Assert.False(ChangeTracking.UnchangedSince(realm.Zones[0], since));
        Assert.False(ChangeTracking.UnchangedSince(realm.Zones[1], since));
        realm.Zones[0].Things.Remove(shared);
        long next = ChangeTracking.BeginEpoch();
        shared.Count++;
        Assert.True(ChangeTracking.UnchangedSince(realm.Zones[0].Things, next));
        Assert.False(ChangeTracking.UnchangedSince(realm.Zones[1].Things, next));
    }

    [Fact]
    public void AReplacedChild_NoLongerMarksItsFormerHolder_WhichItsReplacementMarked()
    {
        var (_, first, _) = LinkedRealm();
        var old = first.Chest;
        long since = ChangeTracking.BeginEpoch();
        first.Chest = new TrackedThing();
        Assert.False(ChangeTracking.UnchangedSince(first, since));

        long next = ChangeTracking.BeginEpoch();
        old.Count++;

        Assert.True(ChangeTracking.UnchangedSince(first, next));
    }

    [Fact]
    public void BeforeAnyRefresh_NothingIsUnchanged()
    {
        var (realm, _, _) = LinkedRealm();

        Assert.False(ChangeTracking.UnchangedSince(realm, since: 0));
    }

    /// <summary>A realm whose links a snapshot's copy made, as the store's first save makes them.</summary>
    private static (TrackedRealm Realm, TrackedZone First, TrackedZone Second) LinkedRealm()
    {
        var realm = Realm();
        SaveModels.Get<TrackedRealm>().Copy(realm);
        return (realm, realm.Zones[0], realm.Zones[1]);
    }

    private static TrackedRealm Realm()
    {
        var realm = new TrackedRealm();
        foreach (var name in new[] { "hall", "attic" })
        {
            var zone = new TrackedZone { Name = name };
            zone.Things.Add(new TrackedThing { Name = name + " chair" });
            zone.Things.Add(new TrackedThing { Name = name + " lamp" });
            realm.Zones.Add(zone);
        }

        return realm;
    }
}

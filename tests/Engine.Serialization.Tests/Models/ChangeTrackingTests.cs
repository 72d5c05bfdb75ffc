using Engine.Serialization.Models;

namespace Engine.Serialization.Tests.Models;

/// <summary>
/// The marks a tracked model leaves as it changes: a refresh may skip an object only if neither it nor anything below
/// it changed since that store's previous refresh began, through any way the game changes it.
/// </summary>
public sealed class ChangeTrackingTests
{
    [Fact]
    public void AChangeBelow_MarksEveryObjectAbove_AndNothingBeside()
    {
        var (world, rooms, first, second) = World();
        long since = ChangeTracking.BeginEpoch();

        first.Name = "cellar";

        Assert.False(ChangeTracking.UnchangedSince(first, since));
        Assert.False(ChangeTracking.UnchangedSince(rooms, since));
        Assert.False(ChangeTracking.UnchangedSince(world, since));
        Assert.True(ChangeTracking.UnchangedSince(second, since));
    }

    [Fact]
    public void EachStore_SeesTheChangesSinceItsOwnLastRefresh()
    {
        var (_, _, first, second) = World();
        long storeA = ChangeTracking.BeginEpoch();
        first.Name = "a";
        long storeB = ChangeTracking.BeginEpoch();
        second.Name = "b";

        Assert.False(ChangeTracking.UnchangedSince(first, storeA));
        Assert.True(ChangeTracking.UnchangedSince(first, storeB));
        Assert.False(ChangeTracking.UnchangedSince(second, storeA));
        Assert.False(ChangeTracking.UnchangedSince(second, storeB));
    }

    [Fact]
    public void ListChanges_MarkTheList_AndAnItemMovedElsewhere_MarksOnlyItsNewPlace()
    {
        var (world, rooms, first, second) = World();
        var other = new TrackedList<TrackedRoom>();
        world.Spare = other;
        rooms.Remove(first);
        other.Add(first);
        long since = ChangeTracking.BeginEpoch();

        first.Name = "moved";

        Assert.False(ChangeTracking.UnchangedSince(other, since));
        Assert.True(ChangeTracking.UnchangedSince(rooms, since));
        Assert.True(ChangeTracking.UnchangedSince(second, since));
    }

    [Fact]
    public void AnObjectInTwoPlaces_MarksBoth_UntilItLeavesOne()
    {
        var (world, rooms, first, second) = World();
        var other = new TrackedList<TrackedRoom> { first }; // still in rooms too
        world.Spare = other;
        long since = ChangeTracking.BeginEpoch();

        first.Name = "both";

        Assert.False(ChangeTracking.UnchangedSince(rooms, since));
        Assert.False(ChangeTracking.UnchangedSince(other, since));
        Assert.True(ChangeTracking.UnchangedSince(second, since));
        rooms.Remove(first);
        long next = ChangeTracking.BeginEpoch();
        first.Name = "spare only";
        Assert.True(ChangeTracking.UnchangedSince(rooms, next));
        Assert.False(ChangeTracking.UnchangedSince(other, next));
    }

    [Fact]
    public void AnObjectAddedTwiceToOneList_StillMarksIt_AfterOneIsRemoved()
    {
        var (_, rooms, first, _) = World();
        rooms.Add(first);
        rooms.RemoveAt(rooms.Count - 1);
        long since = ChangeTracking.BeginEpoch();

        first.Name = "still here";

        Assert.False(ChangeTracking.UnchangedSince(rooms, since));
    }

    [Fact]
    public void ARemovedObject_NoLongerMarksTheList()
    {
        var (_, rooms, first, _) = World();
        rooms.Remove(first);
        long since = ChangeTracking.BeginEpoch();

        first.Name = "gone";

        Assert.True(ChangeTracking.UnchangedSince(rooms, since));
    }

    [Fact]
    public void BeforeAnyRefresh_NothingIsUnchanged()
    {
        var (world, _, _, _) = World();

        Assert.False(ChangeTracking.UnchangedSince(world, since: 0));
    }

    private static (TrackedWorld World, TrackedList<TrackedRoom> Rooms, TrackedRoom First, TrackedRoom Second) World()
    {
        var first = new TrackedRoom { Name = "hall" };
        var second = new TrackedRoom { Name = "attic" };
        var rooms = new TrackedList<TrackedRoom> { first, second };
        return (new TrackedWorld { Rooms = rooms }, rooms, first, second);
    }

    /// <summary>What a tracked model's generated setters do, written out.</summary>
    private sealed class TrackedWorld : ITracked
    {
        private ChangeMark _mark;

        public ref ChangeMark Mark => ref _mark;

        public TrackedList<TrackedRoom> Rooms
        {
            get;
            set
            {
                ChangeTracking.Detach(this, field);
                field = value;
                ChangeTracking.Attach(this, value);
            }
        } = [];

        public TrackedList<TrackedRoom>? Spare
        {
            get;
            set
            {
                ChangeTracking.Detach(this, field);
                field = value;
                ChangeTracking.Attach(this, value);
            }
        }
    }

    private sealed class TrackedRoom : ITracked
    {
        private ChangeMark _mark;

        public ref ChangeMark Mark => ref _mark;

        public string Name
        {
            get;
            set
            {
                if (!string.Equals(field, value, StringComparison.Ordinal))
                {
                    field = value;
                    ChangeTracking.Changed(this);
                }
            }
        } = "";
    }
}

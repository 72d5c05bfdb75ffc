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
        long since = ChangeTracking.BeginRefresh();

        first.Name = "cellar";

        Assert.False(ChangeTracking.Unchanged(first, since));
        Assert.False(ChangeTracking.Unchanged(rooms, since));
        Assert.False(ChangeTracking.Unchanged(world, since));
        Assert.True(ChangeTracking.Unchanged(second, since));
    }

    [Fact]
    public void EachStore_SeesTheChangesSinceItsOwnLastRefresh()
    {
        var (_, _, first, second) = World();
        long storeA = ChangeTracking.BeginRefresh();
        first.Name = "a";
        long storeB = ChangeTracking.BeginRefresh();
        second.Name = "b";

        Assert.False(ChangeTracking.Unchanged(first, storeA));
        Assert.True(ChangeTracking.Unchanged(first, storeB));
        Assert.False(ChangeTracking.Unchanged(second, storeA));
        Assert.False(ChangeTracking.Unchanged(second, storeB));
    }

    [Fact]
    public void ListChanges_MarkTheList_AndAnItemMovedElsewhere_MarksOnlyItsNewPlace()
    {
        var (world, rooms, first, second) = World();
        var other = new TrackedList<TrackedRoom>();
        world.Spare = other;
        rooms.Remove(first);
        other.Add(first);
        long since = ChangeTracking.BeginRefresh();

        first.Name = "moved";

        Assert.False(ChangeTracking.Unchanged(other, since));
        Assert.True(ChangeTracking.Unchanged(rooms, since));
        Assert.True(ChangeTracking.Unchanged(second, since));
    }

    [Fact]
    public void AnObjectInTwoPlaces_MarksBoth_UntilItLeavesOne()
    {
        var (world, rooms, first, second) = World();
        var other = new TrackedList<TrackedRoom> { first }; // still in rooms too
        world.Spare = other;
        long since = ChangeTracking.BeginRefresh();

        first.Name = "both";

        Assert.False(ChangeTracking.Unchanged(rooms, since));
        Assert.False(ChangeTracking.Unchanged(other, since));
        Assert.True(ChangeTracking.Unchanged(second, since));
        rooms.Remove(first);
        long next = ChangeTracking.BeginRefresh();
        first.Name = "spare only";
        Assert.True(ChangeTracking.Unchanged(rooms, next));
        Assert.False(ChangeTracking.Unchanged(other, next));
    }

    [Fact]
    public void AnObjectAddedTwiceToOneList_StillMarksIt_AfterOneIsRemoved()
    {
        var (_, rooms, first, _) = World();
        rooms.Add(first);
        rooms.RemoveAt(rooms.Count - 1);
        long since = ChangeTracking.BeginRefresh();

        first.Name = "still here";

        Assert.False(ChangeTracking.Unchanged(rooms, since));
    }

    [Fact]
    public void ARemovedObject_NoLongerMarksTheList()
    {
        var (_, rooms, first, _) = World();
        rooms.Remove(first);
        long since = ChangeTracking.BeginRefresh();

        first.Name = "gone";

        Assert.True(ChangeTracking.Unchanged(rooms, since));
    }

    [Fact]
    public void BeforeAnyRefresh_NothingIsUnchanged()
    {
        var (world, _, _, _) = World();

        Assert.False(ChangeTracking.Unchanged(world, since: 0));
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

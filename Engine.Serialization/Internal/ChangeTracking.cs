using System.ComponentModel;
using System.Runtime.CompilerServices;

namespace Engine.Serialization.Internal;

/// <summary>
/// What a tracked object of a game's model carries for the save system: when it, or anything below it, last changed,
/// where it sits, and (for a snapshot's copy) which object it copies. Generated code and <see cref="TrackedList{T}"/>
/// keep it; games don't touch it.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public struct ChangeMark
{
    /// <summary>The <see cref="ChangeTracking"/> epoch of the last change to the object or to anything below it.</summary>
    internal long Epoch;

    /// <summary>
    /// The tracked objects or lists holding it, each added as it is attached there: null (the root, or detached), one
    /// <see cref="ITracked"/>, or (rare: an object in two places, or twice in one list) a <see cref="List{T}"/> of them.
    /// </summary>
    internal object? Parents;

    /// <summary>
    /// In a game's object, its identity once a snapshot has copied it (0 before); in a snapshot's copy, the identity
    /// of the game's object it was last brought up to date with. (A copy is never itself copied.)
    /// </summary>
    internal long Identity;
}

/// <summary>An object whose changes the save system is told of as they happen (see <see cref="ChangeTracking"/>).</summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public interface ITracked
{
    ref ChangeMark Mark { get; }
}

/// <summary>
/// Change tracking for models whose objects report their own changes (a tracked model's generated setters, and
/// <see cref="TrackedList{T}"/>), so that a snapshot's refresh skips whatever did not change instead of comparing it.
/// A change stamps its object and every object above it (through each place a refresh found it in) with the current
/// epoch, stopping where one is already stamped in this epoch; each refresh begins a new epoch and skips a copy of an
/// object that carries an older one than its snapshot's previous refresh began. Epochs rather than flags, so that several
/// snapshots can refresh from one game. Changes are expected on the thread that also takes the saves, as any change to
/// the game's state is.
/// </summary>
/// <remarks>
/// Links are made by the refreshes, not by the setters: every refresh links each child it passes to its holder
/// (<see cref="Link"/>), and a refresh only skips an object whose copy it made or refreshed, which linked all that object
/// held then. A child that joins an object later (a setter, an item added, or a property initializer's value that no
/// setter saw) stamps the object it joins, so the next refresh passes it and links it before any of its changes could
/// be missed; until then its own changes need not reach anyone. Leaving (<see cref="Detach"/>) drops one link, and
/// also stamps the holder, whose next refresh links again whatever still sits there. So setters and lists pay only a
/// stamp, and a load, which sets every member, pays no more than that.
/// </remarks>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class ChangeTracking
{
    private static long _epoch = 1;
    private static long _lastId;

    /// <summary>The epoch the refresh running on this thread skips against: 0 outside one, or when it may skip nothing.</summary>
    [ThreadStatic]
    private static long _since;

    /// <summary>
    /// Begins a snapshot's refresh on this thread: it may skip what did not change since the refresh that
    /// <paramref name="changes"/> last completed (<see cref="Refreshing.Complete"/>). Changes from now on carry a newer
    /// epoch than any it sees.
    /// </summary>
    public static Refreshing BeginRefresh(SnapshotChanges changes)
    {
        var since = changes.TrackedSince;
        changes.TrackedSince = 0;
        var outer = _since;
        _since = since;
        return new Refreshing(changes, BeginEpoch(), outer);
    }

    /// <summary>Begins a new epoch: changes from now on carry it, and it is newer than any stamp made so far.</summary>
    internal static long BeginEpoch() => Interlocked.Increment(ref _epoch);

    /// <summary>Whether <paramref name="value"/> and everything below it are unchanged since the epoch <paramref name="since"/> began (0: nothing is).</summary>
    internal static bool UnchangedSince(ITracked value, long since) => since > 0 && value.Mark.Epoch < since;

    /// <summary>
    /// Whether <paramref name="copy"/> was last brought up to date with <paramref name="value"/> and nothing in
    /// <paramref name="value"/> or below it changed since, as of the refresh running on this thread.
    /// </summary>
    public static bool Unchanged(ITracked value, ITracked copy)
    {
        ref var mark = ref value.Mark;
        return UnchangedSince(value, _since) && mark.Identity != 0 && copy.Mark.Identity == mark.Identity;
    }

    /// <summary><paramref name="copy"/> now holds what <paramref name="value"/> holds.</summary>
    public static void Copied(ITracked value, ITracked copy)
    {
        ref var mark = ref value.Mark;
        if (mark.Identity == 0)
        {
            mark.Identity = Interlocked.Increment(ref _lastId);
        }

        copy.Mark.Identity = mark.Identity;
    }

    /// <summary>
    /// Records a change to the object whose <paramref name="mark"/> this is: stamps it and the objects above it. What
    /// setters and lists call: a change in an epoch that already stamped it (or to an object a load is still filling)
    /// costs a comparison.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Changed(ref ChangeMark mark)
    {
        var epoch = Volatile.Read(ref _epoch);
        if (mark.Epoch != epoch)
        {
            mark.Epoch = epoch;
            StampParents(mark.Parents, epoch);
        }
    }

    /// <summary>A refresh passed from <paramref name="parent"/> to <paramref name="child"/>: makes sure the child's changes reach the parent.</summary>
    public static void Link<T>(ITracked parent, T child)
    {
        if (typeof(T).IsValueType || child is not ITracked tracked)
        {
            return;
        }

        ref var mark = ref tracked.Mark;
        if (!ReferenceEquals(mark.Parents, parent) && !(mark.Parents is List<ITracked> parents && parents.Contains(parent)))
        {
            AddParent(ref mark, parent);
        }
    }

    /// <summary><paramref name="child"/> left <paramref name="parent"/> once (a member replaced, an item removed).</summary>
    public static void Detach<T>(ITracked parent, T child)
    {
        if (typeof(T).IsValueType || child is not ITracked tracked)
        {
            return;
        }

        ref var mark = ref tracked.Mark;
        if (ReferenceEquals(mark.Parents, parent))
        {
            mark.Parents = null;
        }
        else if (mark.Parents is List<ITracked> parents)
        {
            parents.Remove(parent);
        }
    }

    private static void AddParent(ref ChangeMark mark, ITracked parent)
    {
        switch (mark.Parents)
        {
            case null:
                mark.Parents = parent;
                break;
            case List<ITracked> parents:
                parents.Add(parent);
                break;
            default:
                mark.Parents = new List<ITracked>(2) { (ITracked)mark.Parents, parent };
                break;
        }
    }

    /// <summary>
    /// Stamps the holders in <paramref name="parents"/> (a <see cref="ChangeMark.Parents"/>) and theirs, up to the root,
    /// stopping at any already stamped in this epoch.
    /// </summary>
    private static void StampParents(object? parents, long epoch)
    {
        while (true)
        {
            switch (parents)
            {
                case ITracked parent:
                    ref var mark = ref parent.Mark;
                    if (mark.Epoch == epoch)
                    {
                        return;
                    }

                    mark.Epoch = epoch;
                    parents = mark.Parents;
                    continue;
                case List<ITracked> several:
                    foreach (var each in several)
                    {
                        StampParents(each, epoch);
                    }

                    return;
                default:
                    return;
            }
        }
    }

    /// <summary>A refresh under way on this thread; <see cref="Complete"/> it once the copy holds the game, then dispose it.</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public readonly struct Refreshing : IDisposable
    {
        private readonly SnapshotChanges _changes;
        private readonly long _epoch;
        private readonly long _outer;

        internal Refreshing(SnapshotChanges changes, long epoch, long outer)
        {
            _changes = changes;
            _epoch = epoch;
            _outer = outer;
        }

        /// <summary>The copy holds the game as of this refresh's start: the next refresh may skip what did not change since.</summary>
        public void Complete() => _changes.TrackedSince = _epoch;

        public void Dispose() => _since = _outer;
    }
}

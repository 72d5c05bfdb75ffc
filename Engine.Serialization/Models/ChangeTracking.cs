using System.ComponentModel;

namespace Engine.Serialization.Models;

/// <summary>
/// What a tracked object of a game's model carries for the save system: when it, or anything below it, last changed,
/// and where it sits. Generated code and <see cref="TrackedList{T}"/> keep it; games don't touch it.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public struct ChangeMark
{
    /// <summary>The <see cref="ChangeTracking"/> epoch of the last change to the object or to anything below it.</summary>
    internal long Epoch;

    /// <summary>The tracked object or list holding it, set as it is attached there; null at the root or while detached.</summary>
    internal ITracked? Parent;

    /// <summary>The other places it sits in at once, when there are any (rare: an object in two lists, or twice in one).</summary>
    internal List<ITracked>? OtherParents;
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
/// A change stamps its object and every object above it (through each place it sits in) with the current epoch,
/// stopping where one is already stamped in this epoch; each refresh begins a new epoch and skips what carries an
/// older one than its previous refresh began. Epochs rather than flags, so that several stores can refresh from one
/// game. Changes are expected on the thread that also takes the saves, as any change to the game's state is.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class ChangeTracking
{
    private static long _epoch = 1;

    /// <summary>
    /// Begins a refresh: changes from now on carry a newer epoch than any it sees. Returns that epoch, which the
    /// store's next refresh passes to <see cref="Unchanged"/>.
    /// </summary>
    public static long BeginRefresh() => Interlocked.Increment(ref _epoch);

    /// <summary>
    /// Whether <paramref name="value"/> and everything below it are unchanged since the refresh that began
    /// <paramref name="since"/> (0: no refresh yet, so nothing is).
    /// </summary>
    public static bool Unchanged(ITracked value, long since) => since > 0 && value.Mark.Epoch < since;

    /// <summary>Records a change to <paramref name="changed"/>: stamps it and the objects above it.</summary>
    public static void Changed(ITracked changed) => Stamp(changed, Volatile.Read(ref _epoch));

    /// <summary>
    /// <paramref name="child"/> now sits in <paramref name="parent"/> (a member set, an item added): its changes go up
    /// through <paramref name="parent"/> too, which changed.
    /// </summary>
    public static void Attach<T>(ITracked parent, T child)
    {
        if (!typeof(T).IsValueType && child is ITracked tracked)
        {
            ref var mark = ref tracked.Mark;
            if (mark.Parent is null)
            {
                mark.Parent = parent;
            }
            else
            {
                (mark.OtherParents ??= []).Add(parent);
            }
        }

        Changed(parent);
    }

    /// <summary><paramref name="child"/> left <paramref name="parent"/> once (a member replaced, an item removed).</summary>
    public static void Detach<T>(ITracked parent, T child)
    {
        if (typeof(T).IsValueType || child is not ITracked tracked)
        {
            return;
        }

        ref var mark = ref tracked.Mark;
        if (ReferenceEquals(mark.Parent, parent))
        {
            mark.Parent = mark.OtherParents is { Count: > 0 } others ? others[^1] : null;
            if (mark.Parent is not null)
            {
                mark.OtherParents!.RemoveAt(mark.OtherParents.Count - 1);
            }
        }
        else
        {
            mark.OtherParents?.Remove(parent);
        }
    }

    private static void Stamp(ITracked? node, long epoch)
    {
        for (; node is not null; node = node.Mark.Parent)
        {
            ref var mark = ref node.Mark;
            if (mark.Epoch == epoch)
            {
                return;
            }

            mark.Epoch = epoch;
            if (mark.OtherParents is { } others)
            {
                foreach (var other in others)
                {
                    Stamp(other, epoch);
                }
            }
        }
    }
}

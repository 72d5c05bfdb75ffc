using System.Collections;
using System.Runtime.InteropServices;
using Engine.Serialization.Internal;

namespace Engine.Serialization;

/// <summary>
/// A list for a tracked model (one whose members are <c>partial</c> properties): a <see cref="List{T}"/> that tells the
/// save system when it changes, so that a save skips the parts of the game that did not change instead of comparing
/// them. A <see cref="List{T}"/> can't tell its owner it changed, which is why a tracked model uses this one.
/// </summary>
public sealed class TrackedList<T> : IList<T>, IReadOnlyList<T>, IList, ITracked
{
    private readonly List<T> _items;
    private ChangeMark _mark;

    public TrackedList() => _items = [];

    public TrackedList(int capacity) => _items = new List<T>(capacity);

    public TrackedList(IEnumerable<T> items) => _items = [.. items ?? throw new ArgumentNullException(nameof(items))];

    /// <summary>A list holding a copy of <paramref name="items"/> (a grid's cells: <c>new TrackedList&lt;float&gt;(new float[w * h])</c>).</summary>
    public TrackedList(ReadOnlySpan<T> items)
    {
        _items = [.. items];
    }

    private TrackedList(List<T> items) => _items = items;

    /// <summary>
    /// Wraps <paramref name="items"/> without copying them: the caller gives them up and must not change them again (a
    /// change the list does not see is a change no save sees).
    /// </summary>
    internal static TrackedList<T> Adopt(List<T> items) => new(items ?? throw new ArgumentNullException(nameof(items)));

    ref ChangeMark ITracked.Mark => ref _mark;

    public int Count => _items.Count;

    bool ICollection<T>.IsReadOnly => false;

    bool IList.IsReadOnly => false;

    bool IList.IsFixedSize => false;

    bool ICollection.IsSynchronized => false;

    object ICollection.SyncRoot => this;

    // The untyped view (what reflection-based tools and editors use) goes through the typed members, so it is tracked too.
    object? IList.this[int index]
    {
        get => this[index];
        set => this[index] = Typed(value);
    }

    public T this[int index]
    {
        get => _items[index];
        set
        {
            var old = _items[index];
            _items[index] = value;
            ChangeTracking.Detach(this, old);
            ChangeTracking.Changed(ref _mark);
        }
    }

    public void Add(T item)
    {
        _items.Add(item);
        ChangeTracking.Changed(ref _mark);
    }

    public void AddRange(IEnumerable<T> items)
    {
        ArgumentNullException.ThrowIfNull(items);
        foreach (var item in items)
        {
            Add(item);
        }
    }

    public void Insert(int index, T item)
    {
        _items.Insert(index, item);
        ChangeTracking.Changed(ref _mark);
    }

    public bool Remove(T item)
    {
        int index = _items.IndexOf(item);
        if (index < 0)
        {
            return false;
        }

        RemoveAt(index);
        return true;
    }

    public void RemoveAt(int index)
    {
        var item = _items[index];
        _items.RemoveAt(index);
        ChangeTracking.Detach(this, item);
        ChangeTracking.Changed(ref _mark);
    }

    /// <summary>Removes <paramref name="count"/> items from <paramref name="index"/> on.</summary>
    public void RemoveRange(int index, int count)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(index);
        ArgumentOutOfRangeException.ThrowIfNegative(count);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(count, _items.Count - index);
        for (var i = index; i < index + count; i++)
        {
            ChangeTracking.Detach(this, _items[i]);
        }

        _items.RemoveRange(index, count);
        ChangeTracking.Changed(ref _mark);
    }

    public void Clear() => RemoveRange(0, _items.Count);

    /// <summary>Removes the items that match <paramref name="match"/>; returns how many.</summary>
    public int RemoveAll(Predicate<T> match)
    {
        ArgumentNullException.ThrowIfNull(match);
        var removed = _items.RemoveAll(item =>
        {
            if (!match(item))
            {
                return false;
            }

            ChangeTracking.Detach(this, item);
            return true;
        });
        if (removed > 0)
        {
            ChangeTracking.Changed(ref _mark);
        }

        return removed;
    }

    /// <summary>The items, to read (valid until the list next changes).</summary>
    public ReadOnlySpan<T> AsSpan() => CollectionsMarshal.AsSpan(_items);

    public int IndexOf(T item) => _items.IndexOf(item);

    public T? Find(Predicate<T> match) => _items.Find(match);

    public int FindIndex(Predicate<T> match) => _items.FindIndex(match);

    public bool Exists(Predicate<T> match) => _items.Exists(match);

    public T[] ToArray() => _items.ToArray();

    public bool Contains(T item) => _items.Contains(item);

    public void CopyTo(T[] array, int arrayIndex) => _items.CopyTo(array, arrayIndex);

    /// <summary>Sorts the items in place: their order is saved, so this is a change.</summary>
    public void Sort(Comparison<T> comparison)
    {
        _items.Sort(comparison);
        ChangeTracking.Changed(ref _mark);
    }

    int IList.Add(object? value)
    {
        Add(Typed(value));
        return Count - 1;
    }

    bool IList.Contains(object? value) => Holdable(value) && Contains((T)value!);

    int IList.IndexOf(object? value) => Holdable(value) ? IndexOf((T)value!) : -1;

    void IList.Insert(int index, object? value) => Insert(index, Typed(value));

    void IList.Remove(object? value)
    {
        if (Holdable(value))
        {
            Remove((T)value!);
        }
    }

    void ICollection.CopyTo(Array array, int index) => ((ICollection)_items).CopyTo(array, index);

    private static bool Holdable(object? value) => value is T || (value is null && default(T) is null);

    private static T Typed(object? value) => Holdable(value)
        ? (T)value!
        : throw new ArgumentException($"This list holds {typeof(T).Name} items, not {value?.GetType().Name ?? "null"}.", nameof(value));

    public List<T>.Enumerator GetEnumerator() => _items.GetEnumerator();

    IEnumerator<T> IEnumerable<T>.GetEnumerator() => GetEnumerator();

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
}

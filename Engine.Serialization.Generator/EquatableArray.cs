using System;
using System.Collections;
using System.Collections.Generic;
using System.Linq;

namespace Engine.Serialization.Generator;

/// <summary>An immutable array compared by content, so incremental pipeline models cache correctly.</summary>
internal readonly struct EquatableArray<T> : IEquatable<EquatableArray<T>>, IReadOnlyList<T>
    where T : IEquatable<T>
{
    private readonly T[]? _items;

    public EquatableArray(IEnumerable<T> items) => this._items = items.ToArray();

    public int Count => _items?.Length ?? 0;

    public T this[int index] => Items[index];

    private T[] Items => _items ?? Array.Empty<T>();

    public bool Equals(EquatableArray<T> other) => Items.SequenceEqual(other.Items);

    public override bool Equals(object? obj) => obj is EquatableArray<T> other && Equals(other);

    public override int GetHashCode()
    {
        var hash = 17;
        foreach (var item in Items)
        {
            hash = unchecked((hash * 31) + item.GetHashCode());
        }

        return hash;
    }

    public IEnumerator<T> GetEnumerator() => ((IEnumerable<T>)Items).GetEnumerator();

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
}

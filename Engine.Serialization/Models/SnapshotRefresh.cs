using System.ComponentModel;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Engine.Serialization.Models;

/// <summary>
/// What a generated <c>Refresh</c> calls to bring a snapshot up to date with the live game: values it may share are
/// compared and taken over when they differ. "Same" must imply "encodes to the same bytes", so numbers compare by their
/// bits (0.0 and -0.0, 1.0m and 1.00m, two NaNs or DateTime kinds differ) and shared objects by reference; a difference
/// that encodes alike only costs an encode. Games don't call it.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class SnapshotRefresh
{
    /// <summary>Takes <paramref name="value"/> into <paramref name="copy"/> unless it is the same; true when it was not.</summary>
    public static bool Refresh<T>(T value, ref T copy)
    {
        if (Same(value, copy))
        {
            return false;
        }

        copy = value;
        return true;
    }

    /// <summary>Copies <paramref name="value"/>'s items over <paramref name="copy"/>'s (as long) unless all are the same.</summary>
    public static bool RefreshItems<T>(ReadOnlySpan<T> value, Span<T> copy)
    {
        if (!RuntimeHelpers.IsReferenceOrContainsReferences<T>())
        {
            if (Bytes(value).SequenceEqual(Bytes<T>(copy)))
            {
                return false;
            }

            value.CopyTo(copy);
            return true;
        }

        var changed = false;
        for (var i = 0; i < value.Length; i++)
        {
            changed |= Refresh(value[i], ref copy[i]);
        }

        return changed;
    }

    /// <summary>Whether two sequences of shareable items hold the same items in the same order (the order they are written in).</summary>
    public static bool SameItems<T>(IEnumerable<T> value, IEnumerable<T> copy)
    {
        using var left = value.GetEnumerator();
        using var right = copy.GetEnumerator();
        while (left.MoveNext())
        {
            if (!right.MoveNext() || !Same(left.Current, right.Current))
            {
                return false;
            }
        }

        return !right.MoveNext();
    }

    /// <summary>Whether two dictionaries of shareable keys and values hold the same pairs in the same (written) order.</summary>
    public static bool SamePairs<TKey, TValue>(IEnumerable<KeyValuePair<TKey, TValue>> value, IEnumerable<KeyValuePair<TKey, TValue>> copy)
    {
        using var left = value.GetEnumerator();
        using var right = copy.GetEnumerator();
        while (left.MoveNext())
        {
            if (!right.MoveNext() || !Same(left.Current.Key, right.Current.Key) || !Same(left.Current.Value, right.Current.Value))
            {
                return false;
            }
        }

        return !right.MoveNext();
    }

    /// <summary>
    /// Strings by content, other shared objects by reference, plain values by their bytes. A value type that holds
    /// references has no safe byte comparison (a collection may move objects between two reads), so it never counts as
    /// the same: it is taken over each time.
    /// </summary>
    private static bool Same<T>(T value, T copy)
    {
        if (!typeof(T).IsValueType)
        {
            return value is string text ? string.Equals(text, copy as string, StringComparison.Ordinal) : ReferenceEquals(value, copy);
        }

        if (RuntimeHelpers.IsReferenceOrContainsReferences<T>())
        {
            return false;
        }

        return Bytes(new ReadOnlySpan<T>(in value)).SequenceEqual(Bytes(new ReadOnlySpan<T>(in copy)));
    }

    /// <summary>The bytes of values that hold no references (the callers check).</summary>
    private static ReadOnlySpan<byte> Bytes<T>(ReadOnlySpan<T> values) =>
        MemoryMarshal.CreateReadOnlySpan(ref Unsafe.As<T, byte>(ref MemoryMarshal.GetReference(values)), values.Length * Unsafe.SizeOf<T>());
}

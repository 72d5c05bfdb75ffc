using System.ComponentModel;
using System.IO.Hashing;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Engine.Serialization.Internal;

/// <summary>
/// What a generated <c>Refresh</c> calls to bring a snapshot up to date with the live game: values it may share are
/// compared and taken over when they differ. "Same" must imply "encodes to the same bytes", so numbers compare by their
/// bits (0.0 and -0.0, 1.0m and 1.00m, two NaNs or DateTime kinds differ) and shared objects by reference; a difference
/// that encodes alike only costs an encode. Games don't call it.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class SnapshotRefresh
{
    /// <summary>Arrays of plain values at least this long are compared through a hash of what the copy holds; see <see cref="RefreshItems{T}(ReadOnlySpan{T}, Span{T}, Array)"/>.</summary>
    internal const int HashedArrayBytes = 4096;

    /// <summary>The hash of each large copy array's items, kept for as long as the array lives.</summary>
    private static readonly ConditionalWeakTable<Array, StrongBox<UInt128>> CopyHashes = new();

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

    /// <summary>Takes a string unless it is the same text.</summary>
    public static bool Refresh(string? value, ref string? copy)
    {
        if (string.Equals(value, copy, StringComparison.Ordinal))
        {
            return false;
        }

        copy = value;
        return true;
    }

    /// <summary>
    /// Copies an array's items over its copy's (as long, the items of <paramref name="copyArray"/>) unless all are the
    /// same. A large array of plain values (a height grid) is not compared with its copy but hashed (XXH3, 128 bits) and
    /// compared with the hash of what the copy holds: the game's array is read once instead of both, which halves the
    /// memory a save reads on the game's thread. Two different arrays hashing alike would keep the older items; at 128
    /// bits that is not a chance worth a millisecond on every save. Only this method writes a copy array's items (other
    /// changes make a new array), so the kept hash stays the hash of its items.
    /// </summary>
    public static bool RefreshItems<T>(ReadOnlySpan<T> value, Span<T> copy, Array copyArray)
    {
        if (RuntimeHelpers.IsReferenceOrContainsReferences<T>() || value.Length * Unsafe.SizeOf<T>() < HashedArrayBytes)
        {
            return RefreshItems(value, copy);
        }

        var hash = XxHash128.HashToUInt128(Bytes(value));
        if (CopyHashes.TryGetValue(copyArray, out var kept))
        {
            if (kept.Value == hash)
            {
                return false;
            }

            kept.Value = hash;
            value.CopyTo(copy);
            return true;
        }

        CopyHashes.AddOrUpdate(copyArray, new StrongBox<UInt128>(hash));
        return RefreshItems(value, copy);
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

        if (typeof(T) == typeof(string))
        {
            return RefreshStrings(
                MemoryMarshal.CreateReadOnlySpan(ref Unsafe.As<T, string?>(ref MemoryMarshal.GetReference(value)), value.Length),
                MemoryMarshal.CreateSpan(ref Unsafe.As<T, string?>(ref MemoryMarshal.GetReference(copy)), copy.Length));
        }

        var changed = false;
        for (var i = 0; i < value.Length; i++)
        {
            changed |= Refresh(value[i], ref copy[i]);
        }

        return changed;
    }

    /// <summary>The common case of <see cref="RefreshItems{T}(ReadOnlySpan{T}, Span{T})"/>, without the shared generic code's type checks per item.</summary>
    private static bool RefreshStrings(ReadOnlySpan<string?> value, Span<string?> copy)
    {
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

        // The sizes most members have, compared as one number; the JIT keeps only the branch for T's size.
        return Unsafe.SizeOf<T>() switch
        {
            1 => Unaligned<T, byte>(ref value) == Unaligned<T, byte>(ref copy),
            2 => Unaligned<T, ushort>(ref value) == Unaligned<T, ushort>(ref copy),
            4 => Unaligned<T, uint>(ref value) == Unaligned<T, uint>(ref copy),
            8 => Unaligned<T, ulong>(ref value) == Unaligned<T, ulong>(ref copy),
            16 => Unaligned<T, UInt128>(ref value) == Unaligned<T, UInt128>(ref copy),
            _ => Bytes(new ReadOnlySpan<T>(in value)).SequenceEqual(Bytes(new ReadOnlySpan<T>(in copy))),
        };
    }

    private static TNumber Unaligned<T, TNumber>(ref T value) => Unsafe.ReadUnaligned<TNumber>(ref Unsafe.As<T, byte>(ref value));

    /// <summary>The bytes of values that hold no references (the callers check).</summary>
    private static ReadOnlySpan<byte> Bytes<T>(ReadOnlySpan<T> values) =>
        MemoryMarshal.CreateReadOnlySpan(ref Unsafe.As<T, byte>(ref MemoryMarshal.GetReference(values)), values.Length * Unsafe.SizeOf<T>());
}

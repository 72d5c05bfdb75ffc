using System.Collections;
using System.Numerics;
using System.Reflection;

namespace Engine.Testing;

/// <summary>
/// Compares two object graphs member by member, found by reflection (every instance field, public or not, of the
/// type and its base types: an auto-property by its backing field), so a member added to a model is compared without
/// anyone remembering to add it here, and nothing comes from the generator it checks. Floats and doubles are compared
/// by their bits, so -0 and 0 differ and NaN equals NaN. A DateTime is compared as the instant it stands for (a save
/// keeps the instant, as a MessagePack timestamp, and gives it back in UTC). Dictionaries compare by key, sets by
/// membership, other collections in order. Test-only: reflection is fine under JIT.
/// </summary>
public sealed class GraphComparer
{
    private const BindingFlags Instance = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.DeclaredOnly;

    private readonly HashSet<MemberInfo> _visited = [];

    /// <summary>Every field the comparisons so far looked at, for coverage checks.</summary>
    public IReadOnlySet<MemberInfo> VisitedMembers => _visited;

    /// <summary>The first difference as a path and the two values, or null when the graphs are equal.</summary>
    public string? FindDifference(object? expected, object? actual) => Compare(expected, actual, "root");

    /// <summary>
    /// The fields a graph compare looks at: every instance field of the type and its base types, but a tracked model's
    /// change mark (when it last changed and where it sits, the save system's bookkeeping rather than the game's state).
    /// </summary>
    public static IEnumerable<FieldInfo> ComparedMembers(Type type)
    {
        for (var current = type; current is not null && current != typeof(object) && current != typeof(ValueType); current = current.BaseType)
        {
            foreach (var field in current.GetFields(Instance))
            {
                if (field.FieldType.FullName != ChangeMarkType)
                {
                    yield return field;
                }
            }
        }
    }

    private const string ChangeMarkType = "Engine.Serialization.Internal.ChangeMark";

    /// <summary>A field's name as the model declares it: an auto-property's backing field by the property's name.</summary>
    public static string NameOf(FieldInfo field) =>
        field.Name.StartsWith('<') && field.Name.IndexOf(">k__BackingField", StringComparison.Ordinal) is > 0 and var end
            ? field.Name[1..end]
            : field.Name;

    private string? Compare(object? expected, object? actual, string path)
    {
        if (expected is null || actual is null)
        {
            return expected is null && actual is null ? null : Describe(path, expected, actual);
        }

        var type = expected.GetType();
        if (type != actual.GetType())
        {
            return $"{path}: expected type {type.Name}, got {actual.GetType().Name}";
        }

        // A default ImmutableArray<T> holds no array (MessagePack writes it as nil): it equals only another default one.
        if (IsDefaultArray(expected) is { } expectedDefault && IsDefaultArray(actual) is { } actualDefault && (expectedDefault || actualDefault))
        {
            return expectedDefault == actualDefault ? null : Describe(path, expectedDefault ? "default" : "an array", actualDefault ? "default" : "an array");
        }

        switch (expected)
        {
            case float f:
                return BitConverter.SingleToInt32Bits(f) == BitConverter.SingleToInt32Bits((float)actual) ? null : Describe(path, expected, actual);
            case double d:
                return BitConverter.DoubleToInt64Bits(d) == BitConverter.DoubleToInt64Bits((double)actual) ? null : Describe(path, expected, actual);
            case Half h:
                return BitConverter.HalfToInt16Bits(h) == BitConverter.HalfToInt16Bits((Half)actual) ? null : Describe(path, expected, actual);
            case DateTime time:
                return Instant(time) == Instant((DateTime)actual) ? null : Describe(path, expected, actual);
            case string or Enum or decimal or DateTimeOffset or TimeSpan or Guid or DateOnly or TimeOnly or BigInteger or Int128 or UInt128
                or System.Text.Rune or Uri or Version:
                return expected.Equals(actual) && expected.ToString() == actual.ToString() ? null : Describe(path, expected, actual);
            case Array { Rank: > 1 } grid:
                return CompareGrids(grid, (Array)actual, path);
            case IList list:
                return CompareSequences(list, (IList)actual, path);
            case IDictionary dictionary:
                return CompareDictionaries(dictionary, (IDictionary)actual, path);
        }

        if (type.IsPrimitive)
        {
            return expected.Equals(actual) ? null : Describe(path, expected, actual);
        }

        if (IsSet(type))
        {
            return CompareSets((IEnumerable)expected, (IEnumerable)actual, path);
        }

        if (expected is IEnumerable sequence && !type.IsValueType)
        {
            return CompareSequences(sequence.Cast<object?>().ToList(), ((IEnumerable)actual).Cast<object?>().ToList(), path);
        }

        foreach (var field in ComparedMembers(type))
        {
            _visited.Add(field);
            string? difference = Compare(field.GetValue(expected), field.GetValue(actual), $"{path}.{NameOf(field)}");
            if (difference is not null)
            {
                return difference;
            }
        }

        return null;
    }

    /// <summary>For an ImmutableArray&lt;T&gt;, whether it is default; null for any other value.</summary>
    private static bool? IsDefaultArray(object value) =>
        value.GetType() is { IsGenericType: true } type && type.GetGenericTypeDefinition() == typeof(System.Collections.Immutable.ImmutableArray<>)
            ? (bool)type.GetProperty(nameof(System.Collections.Immutable.ImmutableArray<int>.IsDefault))!.GetValue(value)!
            : null;

    private string? CompareSequences(IList expected, IList actual, string path)
    {
        if (expected.Count != actual.Count)
        {
            return $"{path}: expected {expected.Count} elements, got {actual.Count}";
        }

        for (int i = 0; i < expected.Count; i++)
        {
            string? difference = Compare(expected[i], actual[i], $"{path}[{i}]");
            if (difference is not null)
            {
                return difference;
            }
        }

        return null;
    }

    private string? CompareGrids(Array expected, Array actual, string path)
    {
        for (int d = 0; d < expected.Rank; d++)
        {
            if (expected.GetLength(d) != actual.GetLength(d))
            {
                return $"{path}: expected length {expected.GetLength(d)} in dimension {d}, got {actual.GetLength(d)}";
            }
        }

        return CompareSequences(expected.Cast<object?>().ToList(), actual.Cast<object?>().ToList(), path);
    }

    private string? CompareDictionaries(IDictionary expected, IDictionary actual, string path)
    {
        if (expected.Count != actual.Count)
        {
            return $"{path}: expected {expected.Count} entries, got {actual.Count}";
        }

        foreach (DictionaryEntry entry in expected)
        {
            if (!actual.Contains(entry.Key))
            {
                return $"{path}: the key {entry.Key} is missing";
            }

            string? difference = Compare(entry.Value, actual[entry.Key], $"{path}[{entry.Key}]");
            if (difference is not null)
            {
                return difference;
            }
        }

        return null;
    }

    /// <summary>Sets hold values (the generator refuses other keys), so membership is decided by their own equality.</summary>
    private static string? CompareSets(IEnumerable expected, IEnumerable actual, string path)
    {
        var expectedItems = expected.Cast<object?>().ToList();
        var actualItems = actual.Cast<object?>().ToList();
        if (expectedItems.Count != actualItems.Count)
        {
            return $"{path}: expected {expectedItems.Count} members, got {actualItems.Count}";
        }

        return expectedItems.FirstOrDefault(item => !actualItems.Contains(item)) is { } missing ? $"{path}: the member {missing} is missing" : null;
    }

    private static bool IsSet(Type type) =>
        type.GetInterfaces().Any(i => i.IsGenericType && i.GetGenericTypeDefinition() == typeof(ISet<>));

    private static long Instant(DateTime time) => time.Kind == DateTimeKind.Local ? time.ToUniversalTime().Ticks : time.Ticks;

    private static string Describe(string path, object? expected, object? actual) =>
        $"{path}: expected {expected ?? "null"}, got {actual ?? "null"}";
}

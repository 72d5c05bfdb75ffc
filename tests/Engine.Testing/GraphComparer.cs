using System.Collections;
using System.Reflection;

namespace Engine.Testing;

/// <summary>
/// Compares two object graphs member by member, found by reflection, so a member added to the
/// model is compared without anyone remembering to add it here. Floats and doubles are compared
/// by their bits, so -0 and 0 differ and NaN equals NaN. Test-only: reflection is fine under JIT.
/// </summary>
public sealed class GraphComparer
{
    private readonly HashSet<MemberInfo> _visited = [];

    /// <summary>Every property and field the comparisons so far looked at, for coverage checks.</summary>
    public IReadOnlySet<MemberInfo> VisitedMembers => _visited;

    /// <summary>The first difference as a path and the two values, or null when the graphs are equal.</summary>
    public string? FindDifference(object? expected, object? actual) => Compare(expected, actual, "root");

    /// <summary>The public instance properties (with a getter, no index) and fields a graph compare looks at.</summary>
    public static IEnumerable<MemberInfo> ComparedMembers(Type type) =>
        type.GetProperties(BindingFlags.Public | BindingFlags.Instance)
            .Where(p => p.GetMethod is not null && p.GetIndexParameters().Length == 0)
            .Cast<MemberInfo>()
            .Concat(type.GetFields(BindingFlags.Public | BindingFlags.Instance));

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

        switch (expected)
        {
            case float f:
                return BitConverter.SingleToInt32Bits(f) == BitConverter.SingleToInt32Bits((float)actual) ? null : Describe(path, expected, actual);
            case double d:
                return BitConverter.DoubleToInt64Bits(d) == BitConverter.DoubleToInt64Bits((double)actual) ? null : Describe(path, expected, actual);
            case string or Enum or decimal or DateTime or DateTimeOffset or TimeSpan or Guid:
                return expected.Equals(actual) ? null : Describe(path, expected, actual);
            case IList list:
                return CompareLists(list, (IList)actual, path);
        }

        if (type.IsPrimitive)
        {
            return expected.Equals(actual) ? null : Describe(path, expected, actual);
        }

        foreach (var member in ComparedMembers(type))
        {
            _visited.Add(member);
            string? difference = Compare(ValueOf(member, expected), ValueOf(member, actual), $"{path}.{member.Name}");
            if (difference is not null)
            {
                return difference;
            }
        }

        return null;
    }

    private string? CompareLists(IList expected, IList actual, string path)
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

    private static object? ValueOf(MemberInfo member, object owner) => member switch
    {
        PropertyInfo p => p.GetValue(owner),
        FieldInfo f => f.GetValue(owner),
        _ => throw new ArgumentOutOfRangeException(nameof(member)),
    };

    private static string Describe(string path, object? expected, object? actual) =>
        $"{path}: expected {expected ?? "null"}, got {actual ?? "null"}";
}

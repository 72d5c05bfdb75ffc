using System.Reflection;

namespace Engine.Testing;

/// <summary>
/// An object with every public settable property holding a value no default has, and the properties where two objects
/// differ: for tests that a copy keeps every member, found by reflection so a member added later is checked too.
/// </summary>
public static class EveryProperty
{
    public static T Set<T>()
        where T : new()
    {
        var set = new T();
        int n = 0;
        foreach (var property in Settable<T>())
        {
            n++;
            object value = property.PropertyType switch
            {
                var t when t == typeof(string) => $"{property.Name} {n}",
                var t when t == typeof(int) => 1000 + n,
                var t when t == typeof(double) => 1000.25 + n,
                var t when t == typeof(DateTime) => new DateTime(2026, 5, n, 8, 30, 0, DateTimeKind.Utc),
                var t when t == typeof(byte[]) => new byte[] { 0x89, (byte)n, 0x4E, 0x47 },
                var t => throw new InvalidOperationException($"Give {nameof(EveryProperty)} a value for {typeof(T).Name}.{property.Name}, a {t.Name}."),
            };
            property.SetValue(set, value);
        }

        return set;
    }

    /// <summary>The names of the settable properties whose values differ (arrays compared item by item).</summary>
    public static IEnumerable<string> Differing<T>(T expected, T actual) =>
        Settable<T>().Where(p => !SameValue(p.GetValue(expected), p.GetValue(actual))).Select(p => p.Name);

    private static IEnumerable<PropertyInfo> Settable<T>() =>
        typeof(T).GetProperties(BindingFlags.Public | BindingFlags.Instance).Where(p => p.CanWrite);

    private static bool SameValue(object? expected, object? actual) =>
        expected is byte[] bytes ? actual is byte[] other && bytes.AsSpan().SequenceEqual(other) : Equals(expected, actual);
}

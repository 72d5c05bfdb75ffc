using System.Collections;
using System.Runtime.CompilerServices;
namespace Engine.Testing;

/// <summary>Finds a mutable object (anything but a string or a value) that two graphs share, walking public members by reflection.</summary>
public static class SharedObjects
{
    /// <summary>The type of the first object both graphs reach, or null when they share none.</summary>
    public static string? FindFirst(object original, object copy)
    {
        var seen = new HashSet<object>(ReferenceEqualityComparer.Instance);
        Collect(original, seen);
        return Find(copy, seen, new HashSet<object>(ReferenceEqualityComparer.Instance));
    }

    private static void Collect(object? node, HashSet<object> seen)
    {
        if (IsShareable(node) && seen.Add(node!))
        {
            foreach (object? child in Children(node!))
            {
                Collect(child, seen);
            }
        }
    }

    private static string? Find(object? node, HashSet<object> original, HashSet<object> visited)
    {
        if (!IsShareable(node) || !visited.Add(node!))
        {
            return null;
        }

        return original.Contains(node!)
            ? $"{node!.GetType().Name}@{RuntimeHelpers.GetHashCode(node)}"
            : Children(node!).Select(child => Find(child, original, visited)).FirstOrDefault(found => found is not null);
    }

    private static bool IsShareable(object? node) => node is not null and not string && !node.GetType().IsValueType;

    private static IEnumerable<object?> Children(object node) => node switch
    {
        Array array => array.GetType().GetElementType()!.IsValueType ? [] : array.Cast<object?>(),
        IDictionary dictionary => dictionary.Keys.Cast<object?>().Concat(dictionary.Values.Cast<object?>()),
        IEnumerable sequence => sequence.Cast<object?>(),
        _ => GraphComparer.ComparedMembers(node.GetType()).Select(field => field.GetValue(node)),
    };
}

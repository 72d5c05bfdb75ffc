using System.Collections;
using System.Reflection;

namespace Benchmarks.Peer;

/// <summary>
/// Copies a graph into a type of the same shape by member name (model to MemoryPack mirror and
/// back), by reflection: benchmark setup only, never timed. A member missing on either side throws,
/// so the mirror can't silently fall behind the model.
/// </summary>
internal static class MirrorMapper
{
    public static T Map<T>(object source) => (T)Map(source, typeof(T))!;

    private static object? Map(object? source, Type target)
    {
        if (source is null)
        {
            return null;
        }

        var type = source.GetType();
        if (type == target && (type.IsValueType || type == typeof(string)))
        {
            return source;
        }

        if (source is Array array && target.IsArray && type.GetElementType() == target.GetElementType() && !type.GetElementType()!.IsClass)
        {
            return array.Clone();
        }

        // Lists, tracked lists and arrays into one another (the model keeps a grid's cells in a TrackedList<float>,
        // the mirror in a float[]).
        if (source is IList list && ItemType(target) is { } element)
        {
            if (target.IsArray)
            {
                var items = Array.CreateInstance(element, list.Count);
                for (var i = 0; i < list.Count; i++)
                {
                    items.SetValue(Map(list[i], element), i);
                }

                return items;
            }

            var copy = (IList)Activator.CreateInstance(target)!;
            foreach (object? item in list)
            {
                copy.Add(Map(item, element));
            }

            return copy;
        }

        var result = Activator.CreateInstance(target)!;
        var targetProperties = target.GetProperties(BindingFlags.Public | BindingFlags.Instance).Where(p => p.CanWrite).ToDictionary(p => p.Name);
        var sourceProperties = type.GetProperties(BindingFlags.Public | BindingFlags.Instance).Where(p => p.CanWrite).ToList();
        if (sourceProperties.Count != targetProperties.Count)
        {
            throw new InvalidOperationException($"{type.Name} has {sourceProperties.Count} members, {target.Name} has {targetProperties.Count}.");
        }

        foreach (var property in sourceProperties)
        {
            var destination = targetProperties.GetValueOrDefault(property.Name)
                ?? throw new InvalidOperationException($"{target.Name} has no member {property.Name}.");
            destination.SetValue(result, Map(property.GetValue(source), destination.PropertyType));
        }

        return result;
    }

    private static Type? ItemType(Type target) =>
        target.IsArray ? target.GetElementType()
        : target.IsGenericType && target.GetGenericTypeDefinition() is var definition && (definition == typeof(List<>) || definition == typeof(Engine.Serialization.TrackedList<>))
            ? target.GetGenericArguments()[0]
            : null;
}

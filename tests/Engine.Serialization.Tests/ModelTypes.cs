using System.Collections;
using Engine.Testing;

namespace Engine.Serialization.Tests;

internal static class ModelTypes
{
    /// <summary>Every type a serializer meets walking a root's public properties and fields.</summary>
    public static HashSet<Type> ReachableFrom(Type root)
    {
        var found = new HashSet<Type>();
        var pending = new Stack<Type>([root]);
        while (pending.TryPop(out var type))
        {
            if (!found.Add(type) || type.IsPrimitive || type == typeof(string) || type.IsEnum)
            {
                continue;
            }

            if (type.IsArray)
            {
                pending.Push(type.GetElementType()!);
            }
            else if (type.IsGenericType && typeof(IEnumerable).IsAssignableFrom(type))
            {
                type.GetGenericArguments().ToList().ForEach(pending.Push);
            }
            else
            {
                foreach (var field in GraphComparer.ComparedMembers(type))
                {
                    pending.Push(field.FieldType);
                }
            }
        }

        return found;
    }
}

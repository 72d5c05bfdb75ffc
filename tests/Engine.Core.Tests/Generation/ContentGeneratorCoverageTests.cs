using System.Collections;
using System.Reflection;
using Engine.Core.Generation;
using Engine.Core.Model;
using Engine.Testing;

namespace Engine.Core.Tests.Generation;

public sealed class ContentGeneratorCoverageTests
{
    /// <summary>
    /// Makes every round-trip test able to catch a dropped member: a member that is default everywhere in the
    /// generated content would be "equal" when lost.
    /// </summary>
    [Fact]
    public void GeneratedContent_GivesEveryModelMemberANonDefaultValueSomewhere()
    {
        var seen = new HashSet<MemberInfo>();
        CollectNonDefault(ContentGenerator.Create(ContentSize.Medium), seen);

        var modelMembers = typeof(GameContent).Assembly.GetTypes()
            .Where(t => t.IsPublic && !t.IsEnum && t.Namespace is "Engine.Core.Model" or "Engine.Core.Math" && t.GetCustomAttribute<MessagePack.MessagePackObjectAttribute>() is not null)
            .SelectMany(GraphComparer.ComparedMembers)
            .ToList();
        Assert.Contains(modelMembers, m => m.DeclaringType == typeof(Engine.Core.Math.Vector2));
        Assert.Empty(modelMembers.Where(m => !seen.Contains(m)).Select(m => $"{m.DeclaringType!.Name}.{m.Name}"));
    }

    private static void CollectNonDefault(object? node, HashSet<MemberInfo> seen)
    {
        if (node is null or string || node.GetType().IsPrimitive || node.GetType().IsEnum)
        {
            return;
        }

        if (node is IList list)
        {
            foreach (object? item in list)
            {
                CollectNonDefault(item, seen);
            }

            return;
        }

        foreach (var member in GraphComparer.ComparedMembers(node.GetType()))
        {
            object? value = member.GetValue(node);
            if (!IsDefault(value))
            {
                seen.Add(member);
            }

            CollectNonDefault(value, seen);
        }
    }

    private static bool IsDefault(object? value) => value switch
    {
        null => true,
        string s => s.Length == 0,
        IList list => list.Count == 0,
        _ when value.GetType().IsValueType => value.Equals(Activator.CreateInstance(value.GetType())),
        _ => false,
    };
}

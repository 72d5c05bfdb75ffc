using System.Reflection;
using Engine.Core.Generation;
using Engine.Core.Math;
using Engine.Core.Model;
using Engine.Testing;

namespace Engine.Core.Tests.Testing;

/// <summary>The comparer every round-trip test relies on must see every member and miss no difference.</summary>
public sealed class GraphComparerTests
{
    [Fact]
    public void FindDifference_OnGeneratedContent_VisitsEveryMemberOfEveryModelType()
    {
        var comparer = new GraphComparer();
        var content = ContentGenerator.Create(ContentSize.Medium);

        Assert.Null(comparer.FindDifference(content, ContentGenerator.Create(ContentSize.Medium)));

        var modelTypes = typeof(GameContent).Assembly.GetTypes()
            .Where(t => t.IsPublic && !t.IsEnum && t.GetCustomAttribute<MessagePack.MessagePackObjectAttribute>() is not null);
        var missed = modelTypes
            .SelectMany(GraphComparer.ComparedMembers)
            .Where(m => !comparer.VisitedMembers.Contains(m))
            .Select(m => $"{m.DeclaringType!.Name}.{m.Name}")
            .ToList();
        Assert.Empty(missed);
    }

    public static TheoryData<string> Mutations => new(MutationsByName.Keys);

    private static readonly Dictionary<string, Action<GameContent>> MutationsByName = new()
    {
        ["grid cell"] = c => c.Rooms[^1].WalkGrid.Cells[^2] += 0.25f,
        ["struct field in a list"] = c => c.Characters[^1].WalkPath.Add(new Vector2(1, 2)),
        ["color alpha"] = c => c.Characters[0].Tint = c.Characters[0].Tint with { A = (byte)(c.Characters[0].Tint.A ^ 1) },
        ["enum"] = c => c.Quests[0].Status = c.Quests[0].Status == QuestStatus.Failed ? QuestStatus.Active : QuestStatus.Failed,
        ["nested string"] = c => c.Variables.Strings[^1].Value += "!",
        ["ulong"] = c => c.Random.S3 ^= 1,
        ["double"] = c => c.PlayTimeSeconds = BitConverter.Int64BitsToDouble(BitConverter.DoubleToInt64Bits(c.PlayTimeSeconds) + 1),
        ["negative zero"] = c => c.Camera.Position = new Vector2(c.Camera.Position.X == 0 ? -0f : 0f, c.Camera.Position.Y),
        ["removed list element"] = c => c.MessageLog.RemoveAt(c.MessageLog.Count - 1),
    };

    [Theory]
    [MemberData(nameof(Mutations))]
    public void FindDifference_AfterOneMutation_ReportsIt(string mutation)
    {
        var expected = ContentGenerator.Create(ContentSize.Small);
        var actual = ContentGenerator.Create(ContentSize.Small);

        MutationsByName[mutation](actual);

        Assert.NotNull(new GraphComparer().FindDifference(expected, actual));
    }
}

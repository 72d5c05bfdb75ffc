using System.Reflection;
using System.Text.Json;
using Engine.Core.Generation;
using Engine.Core.Math;
using Engine.Core.Model;
using Engine.Testing;
using Game.Sample.Commands;

namespace Game.Sample.Tests.Commands;

/// <summary>The self-test's oracle must write every member a save keeps, and miss no difference the reflection oracle sees.</summary>
public sealed class ContentDumpTests
{
    [Fact]
    public void Of_GeneratedContent_NamesEveryMemberTheGraphComparerCompares()
    {
        var content = ContentGenerator.Create(ContentSize.Medium);
        var comparer = new GraphComparer();
        Assert.Null(comparer.FindDifference(content, ContentGenerator.Create(ContentSize.Medium)));

        var names = PropertyNames(ContentDump.Of(content));
        var missing = comparer.VisitedMembers
            .OfType<FieldInfo>()
            .Where(f => !names.Contains(GraphComparer.NameOf(f)))
            .Select(f => $"{f.DeclaringType!.Name}.{GraphComparer.NameOf(f)}")
            .ToList();
        Assert.Empty(missing);
    }

    public static TheoryData<string> Mutations => new(MutationsByName.Keys);

    private static readonly Dictionary<string, Action<GameContent>> MutationsByName = new()
    {
        ["grid cell"] = c => c.Rooms[^1].WalkGrid.Cells[^2] += 0.25f,
        ["struct field in a list"] = c => c.Characters[^1].WalkPath.Add(new Vector2(1, 2)),
        ["color alpha"] = c => c.Characters[0].Tint = c.Characters[0].Tint with { A = (byte)(c.Characters[0].Tint.A ^ 1) },
        ["ulong"] = c => c.Random.S3 ^= 1,
        ["last bit of a double"] = c => c.PlayTimeSeconds = BitConverter.Int64BitsToDouble(BitConverter.DoubleToInt64Bits(c.PlayTimeSeconds) + 1),
        ["negative zero"] = c => c.Camera.Position = new Vector2(c.Camera.Position.X == 0 ? -0f : 0f, c.Camera.Position.Y),
        ["NaN"] = c => c.Camera.Zoom = float.NaN,
    };

    [Theory]
    [MemberData(nameof(Mutations))]
    public void Difference_AfterOneMutation_ReportsIt(string mutation)
    {
        var actual = ContentGenerator.Create(ContentSize.Small);
        MutationsByName[mutation](actual);

        string? difference = ContentDump.Difference(ContentDump.Of(ContentGenerator.Create(ContentSize.Small)), ContentDump.Of(actual));

        Assert.NotNull(difference);
        Assert.StartsWith("the dumps differ at byte ", difference, StringComparison.Ordinal);
    }

    private static HashSet<string> PropertyNames(byte[] dump)
    {
        var names = new HashSet<string>(StringComparer.Ordinal);
        var reader = new Utf8JsonReader(dump);
        while (reader.Read())
        {
            if (reader.TokenType == JsonTokenType.PropertyName)
            {
                names.Add(reader.GetString()!);
            }
        }

        return names;
    }
}

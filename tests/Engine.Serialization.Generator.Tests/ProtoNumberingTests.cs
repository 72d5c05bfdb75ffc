using Engine.Serialization.Generator.Analysis;

namespace Engine.Serialization.Generator.Tests;

/// <summary>
/// docs/FORMAT.md, protobuf payload: a member not yet recorded in the model's .proto gets a number derived from its name
/// alone, from 16 to 262143 (never in protobuf's reserved 19000 to 19999), the same in every build.
/// </summary>
public sealed class ProtoNumberingTests
{
    [Fact]
    public void Hashed_OfAnyName_IsFrom16To262143_OutsideProtobufsReservedNumbers()
    {
        foreach (string name in Enumerable.Range(0, 200_000).Select(i => "member_" + i).Append("").Append("schema_version"))
        {
            int number = ProtoNumbering.Hashed(name);

            Assert.InRange(number, 16, 262_143);
            Assert.False(number is >= 19_000 and <= 19_999, $"'{name}' got {number}, which protobuf reserves");
        }
    }

    // The numbers the sample models' generated .proto files hold (Expected/Quest): any build gives a name the same one.
    [Theory]
    [InlineData("hero", 163241)]
    [InlineData("quests", 215770)]
    [InlineData("steps", 113772)]
    [InlineData("weights", 6382)]
    [InlineData("note", 201701)]
    public void Hashed_OfAName_IsTheNumberEveryBuildGivesIt(string name, int number)
    {
        Assert.Equal(number, ProtoNumbering.Hashed(name));
    }
}

using Engine.Core.Generation;
using Engine.Testing;

namespace Engine.Core.Tests.Generation;

public sealed class ContentGeneratorTests
{
    [Theory]
    [InlineData(ContentSize.Small)]
    [InlineData(ContentSize.Medium)]
    public void Create_SameSizeAndSeed_GivesEqualContent(ContentSize size)
    {
        GraphAssert.Equal(ContentGenerator.Create(size), ContentGenerator.Create(size));
    }

    [Fact]
    public void Create_DifferentSeeds_GivesDifferentContent()
    {
        var difference = new GraphComparer().FindDifference(
            ContentGenerator.Create(ContentSize.Small, seed: 1),
            ContentGenerator.Create(ContentSize.Small, seed: 2));

        Assert.NotNull(difference);
    }

    [Fact]
    public void Create_LargerSizes_HoldMoreOfEverything()
    {
        var small = ContentGenerator.Create(ContentSize.Small);
        var medium = ContentGenerator.Create(ContentSize.Medium);

        Assert.True(medium.Rooms.Count > small.Rooms.Count);
        Assert.True(medium.Characters.Count > small.Characters.Count);
        Assert.True(medium.MessageLog.Count > small.MessageLog.Count);
        Assert.True(medium.Rooms[0].WalkGrid.Cells.Count > small.Rooms[0].WalkGrid.Cells.Count);
    }

    [Fact]
    public void Create_RoomsHaveGridsOfTheirDeclaredSize()
    {
        foreach (var room in ContentGenerator.Create(ContentSize.Medium).Rooms)
        {
            Assert.Equal(room.WalkGrid.Width * room.WalkGrid.Height, room.WalkGrid.Cells.Count);
            Assert.False(room.WalkGrid.IsWalkable(0, 0));
        }
    }
}

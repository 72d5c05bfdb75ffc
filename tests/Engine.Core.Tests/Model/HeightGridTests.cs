using Engine.Core.Model;

namespace Engine.Core.Tests.Model;

public sealed class HeightGridTests
{
    [Fact]
    public void Set_StoresRowByRow()
    {
        var grid = new HeightGrid(3, 2);

        grid.Set(2, 1, 1.5f);

        Assert.Equal(1.5f, grid.Cells[5]);
        Assert.Equal(1.5f, grid.Get(2, 1));
    }

    [Theory]
    [InlineData(3, 0)]
    [InlineData(0, 2)]
    [InlineData(-1, 0)]
    public void Get_OutsideTheGrid_Throws(int x, int y)
    {
        var grid = new HeightGrid(3, 2);

        Assert.Throws<ArgumentOutOfRangeException>(() => grid.Get(x, y));
    }

    [Fact]
    public void IsWalkable_NegativeHeight_IsAWall()
    {
        var grid = new HeightGrid(2, 1);
        grid.Set(0, 0, -1f);

        Assert.False(grid.IsWalkable(0, 0));
        Assert.True(grid.IsWalkable(1, 0));
    }
}

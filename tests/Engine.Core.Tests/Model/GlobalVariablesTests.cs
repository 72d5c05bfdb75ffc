using Engine.Core.Model;

namespace Engine.Core.Tests.Model;

public sealed class GlobalVariablesTests
{
    [Fact]
    public void Set_ThenGet_ReturnsTheValue_AndSettingAgainReplacesIt()
    {
        var variables = new GlobalVariables();

        variables.SetInt("coins", 3);
        variables.SetInt("coins", 5);
        variables.SetString("name", "Pip");
        variables.SetBool("door.open", true);

        Assert.Equal(5, variables.GetInt("coins"));
        Assert.Single(variables.Ints);
        Assert.Equal("Pip", variables.GetString("name"));
        Assert.True(variables.GetBool("door.open"));
        Assert.Equal(-1, variables.GetInt("missing", -1));
    }
}

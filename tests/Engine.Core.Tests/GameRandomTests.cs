namespace Engine.Core.Tests;

public sealed class GameRandomTests
{
    [Fact]
    public void FromState_ContinuesTheSameSequence()
    {
        var original = new GameRandom(42);
        original.NextUInt64();
        var restored = GameRandom.FromState(original.SaveState());

        for (int i = 0; i < 100; i++)
        {
            Assert.Equal(original.NextUInt64(), restored.NextUInt64());
        }
    }

    [Fact]
    public void Next_StaysInRange()
    {
        var random = new GameRandom(7);
        for (int i = 0; i < 10_000; i++)
        {
            int value = random.Next(-3, 5);
            Assert.InRange(value, -3, 4);
            Assert.InRange(random.NextSingle(), 0f, 0.99999994f);
        }
    }

    [Fact]
    public void FromState_AllZeroState_StillProducesNumbers()
    {
        var random = GameRandom.FromState(new Engine.Core.Model.RandomState());

        Assert.NotEqual(random.NextUInt64(), random.NextUInt64());
    }
}

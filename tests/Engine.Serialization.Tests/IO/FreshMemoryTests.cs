using Engine.Serialization.IO;

namespace Engine.Serialization.Tests.IO;

public sealed class FreshMemoryTests
{
    [Theory]
    [InlineData(1)]
    [InlineData(64 * 1024)]
    [InlineData((1 << 20) + 3)]
    public void Array_HasTheLengthAskedFor_AndHoldsWhatIsWritten(int length)
    {
        byte[] array = FreshMemory.Array<byte>(length);
        Random.Shared.NextBytes(array);
        byte[] copy = [.. array];

        Assert.Equal(length, array.Length);
        Assert.Equal(copy, array);
    }

    [Fact]
    public void ThePopulateRequest_IsTakenExactlyWhereTheOSOffersIt_Linux514OrLater()
    {
        bool offered = OperatingSystem.IsLinux() && Environment.OSVersion.Version >= new Version(5, 14);

        _ = FreshMemory.Array<byte>(1 << 20);

        Assert.Equal(offered, FreshMemory.IsPopulating);
    }
}

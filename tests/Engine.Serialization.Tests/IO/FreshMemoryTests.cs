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

    private static bool Offered => OperatingSystem.IsLinux() && Environment.OSVersion.Version >= new Version(5, 14);

    [Fact]
    public void ThePopulateRequest_IsTakenExactlyWhereTheOSOffersIt_Linux514OrLater()
    {
        _ = FreshMemory.Array<byte>(1 << 20);

        Assert.Equal(Offered, Platforms.MemoryPopulating.IsPopulating);
    }

    [Theory]
    [InlineData(nameof(MadvisePopulating))]
    [InlineData(nameof(NoMemoryPopulating))]
    public void EachSystemsPopulating_KeepsWhatTheMemoryHolds_AndIsTakenOnlyByLinux514OrLater(string name)
    {
        IMemoryPopulating populating = name == nameof(MadvisePopulating) ? new MadvisePopulating() : new NoMemoryPopulating();
        byte[] memory = new byte[(1 << 20) + 3];
        Random.Shared.NextBytes(memory);
        byte[] copy = [.. memory];

        populating.Populate(memory);
        populating.Populate(memory); // refused once (or unable to call: Windows), it isn't asked again

        Assert.Equal(copy, memory);
        Assert.Equal(name == nameof(MadvisePopulating) && Offered, populating.IsPopulating);
    }
}

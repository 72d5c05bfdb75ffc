using Engine.Serialization.IO;

namespace Engine.Serialization.Tests.IO;

public sealed class PooledBufferWriterTests
{
    [Fact]
    public void ManySmallWrites_GrowTheBuffer_AndKeepEveryByteInOrder()
    {
        var expected = new byte[300_000];
        new Random(7).NextBytes(expected);
        using var writer = new PooledBufferWriter();

        for (int offset = 0; offset < expected.Length;)
        {
            int chunk = Math.Min(1 + (offset % 997), expected.Length - offset);
            expected.AsSpan(offset, chunk).CopyTo(writer.GetSpan(chunk));
            writer.Advance(chunk);
            offset += chunk;
        }

        Assert.Equal(expected.Length, writer.WrittenCount);
        Assert.True(expected.AsSpan().SequenceEqual(writer.WrittenSpan));
        Assert.True(expected.AsSpan().SequenceEqual(writer.WrittenMemory.Span));
    }

    [Fact]
    public void GetSpan_WithAHint_GivesAtLeastThatMuchRoom()
    {
        using var writer = new PooledBufferWriter();
        writer.Advance(writer.GetSpan(10).Length);

        Assert.True(writer.GetMemory(1_000_000).Length >= 1_000_000);
        Assert.True(writer.GetSpan().Length >= 1);
    }

    [Fact]
    public void Advance_PastTheRoomGiven_Throws()
    {
        using var writer = new PooledBufferWriter();
        int room = writer.GetSpan().Length;

        Assert.Throws<ArgumentOutOfRangeException>(() => writer.Advance(room + 1));
        Assert.Throws<ArgumentOutOfRangeException>(() => writer.Advance(-1));
    }

    [Fact]
    public void AfterDispose_NothingIsWritten_AndDisposingAgainIsHarmless()
    {
        var writer = new PooledBufferWriter();
        writer.GetSpan(4)[0] = 1;
        writer.Advance(1);

        writer.Dispose();
        writer.Dispose();

        Assert.Equal(0, writer.WrittenCount);
        Assert.Throws<ObjectDisposedException>(() => writer.GetSpan());
    }
}

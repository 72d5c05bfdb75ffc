using Engine.Serialization.Internal;
using MessagePack;

namespace Engine.Serialization.Tests.Formats.MessagePack;

/// <summary>FloatRuns must write exactly MessagePackWriter's bytes and read exactly what MessagePackReader reads, at every run length (the shuffles move three values a step).</summary>
public sealed class FloatRunsTests
{
    public static TheoryData<int> Lengths() => [.. Enumerable.Range(0, 21).Append(1000).Append(8192 * 2 + 7)];

    [Theory]
    [MemberData(nameof(Lengths))]
    public void WriteSingles_WritesMessagePacksBytes_AndReadSinglesReadsThemBack(int length)
    {
        float[] values = Singles(length);

        byte[] ours = MessagePackBytes.Of((ref MessagePackWriter writer) => FloatRuns.WriteSingles(ref writer, values));

        Assert.Equal(MessagePackBytes.Of((ref MessagePackWriter writer) =>
        {
            foreach (var value in values)
            {
                writer.Write(value);
            }
        }), ours);
        float[] back = new float[length];
        var reader = new MessagePackReader(ours);
        Assert.Equal(length, FloatRuns.ReadSingles(ref reader, back));
        Assert.Equal(ours.Length, reader.Consumed);
        Assert.Equal(Bits(values), Bits(back));
    }

    [Theory]
    [MemberData(nameof(Lengths))]
    public void WriteDoubles_WritesMessagePacksBytes_AndReadDoublesReadsThemBack(int length)
    {
        double[] values = [.. Singles(length).Select((v, i) => (double)v * Math.PI * (i - 7))];

        byte[] ours = MessagePackBytes.Of((ref MessagePackWriter writer) => FloatRuns.WriteDoubles(ref writer, values));

        Assert.Equal(MessagePackBytes.Of((ref MessagePackWriter writer) =>
        {
            foreach (var value in values)
            {
                writer.Write(value);
            }
        }), ours);
        double[] back = new double[length];
        var reader = new MessagePackReader(ours);
        Assert.Equal(length, FloatRuns.ReadDoubles(ref reader, back));
        Assert.Equal(ours.Length, reader.Consumed);
        Assert.Equal(values.Select(BitConverter.DoubleToInt64Bits), back.Select(BitConverter.DoubleToInt64Bits));
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    [InlineData(5)]
    [InlineData(9)]
    public void ReadSingles_StopsAtTheFirstValueInAnotherEncoding_HavingReadTheOnesBefore(int at)
    {
        float[] values = Singles(12);
        byte[] encoded = MessagePackBytes.Of((ref MessagePackWriter writer) =>
        {
            for (int i = 0; i < values.Length; i++)
            {
                if (i == at)
                {
                    writer.Write(7); // an integer: MessagePack allows any number where a float is expected
                }
                else
                {
                    writer.Write(values[i]);
                }
            }
        });

        float[] back = new float[values.Length];
        var reader = new MessagePackReader(encoded);

        Assert.Equal(at, FloatRuns.ReadSingles(ref reader, back));
        Assert.Equal(at * 5, reader.Consumed);
        Assert.Equal(Bits(values[..at]), Bits(back[..at]));
        Assert.Equal(7, reader.ReadInt32());
    }

    [Fact]
    public void ReadSingles_ReadsNoFurtherThanTheDestinationOrTheSegment()
    {
        float[] values = Singles(10);
        byte[] encoded = MessagePackBytes.Of((ref MessagePackWriter writer) => FloatRuns.WriteSingles(ref writer, values));

        float[] six = new float[6];
        var reader = new MessagePackReader(encoded);
        Assert.Equal(6, FloatRuns.ReadSingles(ref reader, six));
        Assert.Equal(30, reader.Consumed);

        var split = new MessagePackReader(encoded.AsMemory(0, 23)); // four values and three bytes of the fifth
        Assert.Equal(4, FloatRuns.ReadSingles(ref split, new float[10]));
        Assert.Equal(20, split.Consumed);
    }

    /// <summary>Values whose bits tell every byte apart, and the special ones: NaNs with payloads, signed zeros, infinities, subnormals.</summary>
    private static float[] Singles(int length)
    {
        float[] special = [float.NaN, BitConverter.Int32BitsToSingle(0x7FC12345), -0f, 0f, float.PositiveInfinity, float.NegativeInfinity, float.Epsilon, -float.MaxValue];
        var random = new Random(length);
        return [.. Enumerable.Range(0, length).Select(i => i % 5 == 4 ? special[(i / 5) % special.Length] : BitConverter.Int32BitsToSingle(random.Next(int.MinValue, int.MaxValue)))];
    }

    private static int[] Bits(float[] values) => [.. values.Select(BitConverter.SingleToInt32Bits)];
}

using System.Buffers;
using MessagePack;

namespace Engine.Serialization.Generator.Tests;

/// <summary>
/// The generated code run directly, as the game runs it: it writes exactly what MessagePack's own formatters
/// write, reads what they write (every number encoding MessagePack allows included), and keeps the limits
/// MessagePackSecurity.UntrustedData kept without any options.
/// </summary>
public sealed class DirectPathTests
{
    // MessagePack's own formatters for everything: its dynamic object resolver for the [MessagePackObject] types.
    private static readonly MessagePackSerializerOptions MessagePacksOwn = MessagePackSerializerOptions.Standard;

    [Fact]
    public void Write_SampleGraph_MatchesMessagePacksOwnFormatters()
    {
        var sample = RoundTripTests.CreateSample();
        sample.Weights = Floats(20_000);

        Assert.Equal(MessagePackSerializer.Serialize(sample, MessagePacksOwn), Serializer.WriteDirect(sample, SampleResolver.Write));
    }

    [Fact]
    public void Write_Shapes_MatchesMessagePacksOwnFormatters()
    {
        var shapes = RoundTripTests.CreateShapes();
        shapes.Samples = [.. Floats(10_000).Select(f => f / 3.0)];

        Assert.Equal(MessagePackSerializer.Serialize(shapes, MessagePacksOwn), Serializer.WriteDirect(shapes, SampleResolver.Write));
    }

    [Fact]
    public void Read_WhatMessagePacksOwnFormattersWrote_ReadsEveryValue()
    {
        var sample = RoundTripTests.CreateSample();
        var shapes = RoundTripTests.CreateShapes();

        var sampleCopy = Serializer.ReadDirect<SampleGraph?>(MessagePackSerializer.Serialize(sample, MessagePacksOwn), SampleResolver.Read);
        var shapesCopy = Serializer.ReadDirect<Shapes?>(MessagePackSerializer.Serialize(shapes, MessagePacksOwn), SampleResolver.Read);

        Assert.Equal(MessagePackSerializer.Serialize(sample, MessagePacksOwn), Serializer.WriteDirect(sampleCopy, SampleResolver.Write));
        Assert.Equal(MessagePackSerializer.Serialize(shapes, MessagePacksOwn), Serializer.WriteDirect(shapesCopy, SampleResolver.Write));
    }

    [Fact]
    public void Read_FloatArraysInEveryNumberEncoding_ReadsEachValue()
    {
        // Other MessagePack writers may store a whole float as an integer, or a float as float64.
        var bytes = Serializer.Handwritten((ref MessagePackWriter writer) =>
        {
            writer.WriteMapHeader(1);
            writer.Write("Weights");
            writer.WriteArrayHeader(12);
            writer.Write(1.5f);
            writer.Write(2.5f);
            writer.Write(3);
            writer.Write(-4);
            writer.Write(200);
            writer.Write(70_000);
            writer.Write(-70_000L);
            writer.Write(ulong.MaxValue);
            writer.Write(0.25);
            writer.Write(5.5f);
            writer.WriteUInt8(7);
            writer.Write(6.5f);
        });

        var graph = Serializer.ReadDirect<SampleGraph?>(bytes, SampleResolver.Read)!;

        Assert.Equal([1.5f, 2.5f, 3, -4, 200, 70_000, -70_000, ulong.MaxValue, 0.25f, 5.5f, 7, 6.5f], graph.Weights);
    }

    [Fact]
    public void Read_DoubleArrayWithFloat32AndIntegers_ReadsEachValue()
    {
        var bytes = Serializer.Handwritten((ref MessagePackWriter writer) =>
        {
            writer.WriteMapHeader(1);
            writer.Write("Samples");
            writer.WriteArrayHeader(4);
            writer.Write(0.1);
            writer.Write(1.5f);
            writer.Write(-9);
            writer.Write(2.75);
        });

        Assert.Equal([0.1, 1.5, -9, 2.75], Serializer.ReadDirect<Shapes?>(bytes, SampleResolver.Read)!.Samples);
    }

    [Theory]
    [InlineData(1)]
    [InlineData(3)]
    [InlineData(7)]
    [InlineData(4096)]
    public void Read_BytesInManySegments_ReadsWhatOneSegmentReads(int segmentLength)
    {
        var sample = RoundTripTests.CreateSample();
        sample.Weights = Floats(3_000);
        var shapes = RoundTripTests.CreateShapes();
        var sampleBytes = Serializer.WriteDirect(sample, SampleResolver.Write);
        var shapesBytes = Serializer.WriteDirect(shapes, SampleResolver.Write);

        var sampleCopy = Serializer.ReadDirect<SampleGraph?>(Segmented(sampleBytes, segmentLength), SampleResolver.Read);
        var shapesCopy = Serializer.ReadDirect<Shapes?>(Segmented(shapesBytes, segmentLength), SampleResolver.Read);

        Assert.Equal(sampleBytes, Serializer.WriteDirect(sampleCopy, SampleResolver.Write));
        Assert.Equal(shapesBytes, Serializer.WriteDirect(shapesCopy, SampleResolver.Write));
    }

    [Theory]
    [InlineData("Weights")] // float[]: the bulk path
    [InlineData("Items")] // List<Item>
    [InlineData("ItemArray")] // Item[]
    [InlineData("Names")] // List<string>
    [InlineData("Blob")] // byte[] (a bin header)
    public void Read_HeaderOfTwoBillionElementsBeforeTenBytes_ThrowsWithoutAllocatingThem(string member)
    {
        byte header = member == "Blob" ? (byte)0xC6 : (byte)0xDD; // bin32, array32
        byte[] bytes = [0x81, .. Key(member), header, 0x7F, 0xFF, 0xFF, 0xFF, 0xCA, 0x3F, 0x80, 0, 0, 0xCA, 0x3F, 0x80, 0, 0];
        var before = GC.GetAllocatedBytesForCurrentThread();

        Assert.Throws<EndOfStreamException>(() => Serializer.ReadDirect<SampleGraph?>(bytes, SampleResolver.Read));

        Assert.True(GC.GetAllocatedBytesForCurrentThread() - before < 1 << 20, "it allocated what the header declared");
    }

    [Theory]
    [InlineData("Weights")]
    [InlineData("Items")]
    public void Read_ArrayCountAboveIntMaxValue_Throws(string member)
    {
        byte[] bytes = [0x81, .. Key(member), 0xDD, 0xFF, 0xFF, 0xFF, 0xFF, 0xC0];

        // MessagePackReader's own check; the game counts it as damage (MessagePackDecoding.IsBadInput).
        Assert.Throws<OverflowException>(() => Serializer.ReadDirect<SampleGraph?>(bytes, SampleResolver.Read));
    }

    [Fact]
    public void MaxDepth_IsUntrustedDatasLimit()
    {
        Assert.Equal(SampleResolver.MaxDepth, MessagePackSecurity.UntrustedData.MaximumObjectGraphDepth);
    }

    [Fact]
    public void Read_NestedToMaxDepth_Reads()
    {
        var node = Serializer.ReadDirect<Node?>(Nested(SampleResolver.MaxDepth), SampleResolver.Read);

        Assert.NotNull(node!.Child);
    }

    [Theory]
    [InlineData(SampleResolver.MaxDepth + 1)]
    [InlineData(100_000)]
    public void Read_NestedDeeperThanMaxDepth_Throws(int depth)
    {
        var error = Assert.Throws<MessagePackSerializationException>(() => Serializer.ReadDirect<Node?>(Nested(depth), SampleResolver.Read));

        Assert.Contains("deeper than 500 levels", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Read_ListsCountTowardsTheDepth()
    {
        // Each level is an object and a list: 251 levels nest 502 deep.
        var bytes = Serializer.Handwritten((ref MessagePackWriter writer) =>
        {
            for (var i = 0; i < 251; i++)
            {
                writer.WriteMapHeader(1);
                writer.Write("Children");
                writer.WriteArrayHeader(1);
            }

            writer.WriteMapHeader(0);
        });

        Assert.Throws<MessagePackSerializationException>(() => Serializer.ReadDirect<Node?>(bytes, SampleResolver.Read));
    }

    /// <summary>Nodes nested <paramref name="depth"/> deep through their Child.</summary>
    private static byte[] Nested(int depth) => Serializer.Handwritten((ref MessagePackWriter writer) =>
    {
        for (var i = 1; i < depth; i++)
        {
            writer.WriteMapHeader(1);
            writer.Write("Child");
        }

        writer.WriteMapHeader(0);
    });

    /// <summary>
    /// What MessagePack's dynamic resolver writes for the sample graph, made comparable with the generated code's output:
    /// it writes properties before fields, and under keyAsPropertyName it names a member by its name even when it has a
    /// [Key] (SampleGraph.Original, "renamed" for the generated code).
    /// </summary>
    private static byte[] Key(string name) => Serializer.Handwritten((ref MessagePackWriter writer) => writer.Write(name));

    /// <summary>Floats of every kind, the specials included.</summary>
    private static float[] Floats(int count)
    {
        var random = new Random(count);
        var floats = new float[count];
        for (var i = 0; i < count; i++)
        {
            floats[i] = (i % 100) switch
            {
                0 => float.NaN,
                1 => float.NegativeInfinity,
                2 => -0f,
                3 => float.Epsilon,
                4 => float.MaxValue,
                _ => (random.NextSingle() - 0.5f) * 1000,
            };
        }

        return floats;
    }

    private static ReadOnlySequence<byte> Segmented(byte[] bytes, int length)
    {
        Segment? first = null;
        Segment? last = null;
        for (var start = 0; start < bytes.Length; start += length)
        {
            last = new Segment(bytes.AsMemory(start, Math.Min(length, bytes.Length - start)), last);
            first ??= last;
        }

        return new ReadOnlySequence<byte>(first!, 0, last!, last!.Memory.Length);
    }

    private sealed class Segment : ReadOnlySequenceSegment<byte>
    {
        public Segment(ReadOnlyMemory<byte> memory, Segment? previous)
        {
            Memory = memory;
            if (previous is not null)
            {
                RunningIndex = previous.RunningIndex + previous.Memory.Length;
                previous.Next = this;
            }
        }
    }
}

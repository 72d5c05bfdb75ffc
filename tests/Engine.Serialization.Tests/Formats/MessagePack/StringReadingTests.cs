using System.Buffers;
using Engine.Serialization.Internal;
using MessagePack;

namespace Engine.Serialization.Tests.Formats.MessagePack;

/// <summary>Generated readers take strings and map keys through CodecSupport: they must read exactly what MessagePack's own reader does.</summary>
public sealed class StringReadingTests
{
    public static TheoryData<byte[]> Strings() => new()
    {
        Encoded(""),
        Encoded("room.12"),
        Encoded(new string('x', 300)),
        Encoded("Chapter 2: The Cave"),
        Encoded("Überraschung: セーブ 😀"),
        new byte[] { 0xA3, 0x61, 0xFF, 0x62 }, // not UTF-8: U+FFFD, as MessagePack's reader gives
        new byte[] { 0xA4, 0xE3, 0x82, 0xBB, 0x41 }, // a character cut short
        new byte[] { 0xC0 }, // nil
        new byte[] { 0xD9, 0x02, 0x68, 0x69 }, // "hi" under a longer header than needed
    };

    [Theory]
    [MemberData(nameof(Strings))]
    public void ReadString_GivesWhatMessagePacksReaderGives_AndConsumesAsMuch(byte[] encoded)
    {
        var ours = new MessagePackReader(encoded);
        var theirs = new MessagePackReader(encoded);

        Assert.Equal(theirs.ReadString(), CodecSupport.ReadString(ref ours));
        Assert.Equal(theirs.Consumed, ours.Consumed);
    }

    [Fact]
    public void ReadString_OfTextSplitAcrossSegments_IsWhole()
    {
        byte[] encoded = Encoded("split across two segments");
        var sequence = Segments.Of(encoded[..6], encoded[6..]);
        var reader = new MessagePackReader(sequence);

        Assert.Equal("split across two segments", CodecSupport.ReadString(ref reader));
    }

    [Theory]
    [InlineData("Id")]
    [InlineData("BackgroundSprite")]
    [InlineData("a key longer than thirty-one bytes, under a str8 header")]
    public void ReadKey_GivesTheBytesMessagePacksHelperGives_WholeOrSplitAcrossSegments(string key)
    {
        byte[] encoded = Encoded(key);
        foreach (var sequence in new[] { new ReadOnlySequence<byte>(encoded), Segments.Of(encoded[..2], encoded[2..]) })
        {
            var ours = new MessagePackReader(sequence);
            var theirs = new MessagePackReader(sequence);

            Assert.Equal(global::MessagePack.Internal.CodeGenHelpers.ReadStringSpan(ref theirs).ToArray(), CodecSupport.ReadKey(ref ours).ToArray());
            Assert.Equal(theirs.Consumed, ours.Consumed);
        }
    }

    private static byte[] Encoded(string text) => MessagePackBytes.Of((ref MessagePackWriter writer) => writer.Write(text));

    private sealed class Segments : ReadOnlySequenceSegment<byte>
    {
        private Segments(byte[] bytes, long start)
        {
            Memory = bytes;
            RunningIndex = start;
        }

        public static ReadOnlySequence<byte> Of(byte[] first, byte[] second)
        {
            var head = new Segments(first, 0);
            var tail = new Segments(second, first.Length);
            head.Next = tail;
            return new ReadOnlySequence<byte>(head, 0, tail, second.Length);
        }
    }
}

using System.Text;
using System.Xml;
using K4os.Compression.LZ4.Streams;

namespace Engine.Serialization.Tests.Fuzzing;

/// <summary>The fuzzers' structured edits do what they say: an LZ4 frame stays LZ4, XML nests as deep as asked.</summary>
public sealed class StructuredEditsTests
{
    private static readonly byte[] Payload = SaveFiles.DecodedPayload(SaveSerializer.Save(ContentGenerator.Create(ContentSize.Small)));

    [Fact]
    public void Lz4FrameEdits_WithNoEdit_WriteTheFrameBackByteForByte()
    {
        byte[] frame = Lz4(Payload);

        Assert.Equal(frame, Lz4FrameEdits.Apply(frame, []));
    }

    [Fact]
    public void Lz4FrameEdits_MatchMadeLonger_StillDecodesAsLz4_ToMoreBytes()
    {
        byte[] frame = Lz4(Payload);

        // What 0 (a match longer), where 0, how much 6 (4,096 bytes): Small's payload is one 20 KB block, so it stays
        // within the frame's 64 KiB blocks.
        byte[] edited = Lz4FrameEdits.Apply(frame, [0, 0, 6]);

        Assert.Equal(Payload.Length + 4096, Decode(edited).Length);
    }

    [Fact]
    public void Lz4FrameEdits_RunLengthBlock_ExpandsAsLz4Allows()
    {
        byte[] frame = Lz4(Payload);

        byte[] edited = Lz4FrameEdits.Apply(frame, [8, 0, 4]); // a block of one literal and a 4 + 255-byte match of it

        Assert.Equal(Payload.Length + 5 + 1 + 4 + 255, Decode(edited).Length);
    }

    [Theory]
    [InlineData(0, 1000)]  // unknown elements, closed, empty
    [InlineData(1, 1008)]  // the element's own name
    public void XmlNestingEdits_NestAsDeepAsAsked(byte what, int depth)
    {
        byte[] xml = Encoding.UTF8.GetBytes("<GameContent><Title>t</Title></GameContent>");
        byte deep = depth == 1000 ? (byte)6 : (byte)9;

        byte[] edited = XmlNestingEdits.Apply(xml, [what, 0, deep]);

        using var reader = XmlReader.Create(new MemoryStream(edited));
        int deepest = 0;
        while (reader.Read())
        {
            deepest = Math.Max(deepest, reader.Depth);
        }

        Assert.Equal(depth, deepest);
    }

    private static byte[] Lz4(byte[] content)
    {
        using var stored = new MemoryStream();
        using (var encoder = LZ4Stream.Encode(stored, leaveOpen: true))
        {
            encoder.Write(content);
        }

        return stored.ToArray();
    }

    private static byte[] Decode(byte[] frame)
    {
        using var decoder = LZ4Stream.Decode(new MemoryStream(frame));
        using var decoded = new MemoryStream();
        decoder.CopyTo(decoded);
        return decoded.ToArray();
    }
}

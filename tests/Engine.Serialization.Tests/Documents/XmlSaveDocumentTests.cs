using System.Buffers;
using System.Xml.Linq;
using Engine.Core.Model;
using Engine.Serialization.Documents;
using Engine.Serialization.Formats.Xml;
using Engine.Serialization.Internal;
using Engine.Serialization.Tests.Formats.Xml;

namespace Engine.Serialization.Tests.Documents;

/// <summary>The XML document a migration step edits: read as a load reads XML.</summary>
public sealed class XmlSaveDocumentTests
{
    [Fact]
    public void OpenThenEncode_WithoutChanges_GivesTheDocumentXLinqReads()
    {
        byte[] crafted = """
            <GameContent xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
              <Title xsi:nil="true" />
              <Newer xmlns="urn:newer" kind="a &amp; b"><![CDATA[<raw>]]> text &#xD; <Inner>  </Inner>tail</Newer>
            </GameContent>
            """u8.ToArray();

        foreach (byte[] payload in new[] { Payload(), crafted })
        {
            Assert.Equal(Encode(XDocument.Load(new MemoryStream(payload), System.Xml.Linq.LoadOptions.PreserveWhitespace)), new XmlSaveDocument(payload).Encode());
        }
    }

    [Fact]
    public void Open_NestedDeeperThanTheLimit_ThrowsSaveCorrupted()
    {
        var error = Assert.Throws<SaveCorruptedException>(() => new XmlSaveDocument(XmlSaveFormatTests.Nested("<GameContent><Unknown>", 100_000, "</Unknown></GameContent>")));

        Assert.Contains($"deeper than {XmlCodec.MaxDepth} levels", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Open_APayloadWithAByteOrderMark_ThrowsSaveCorrupted()
    {
        // A migration's document is read as a load reads XML: it would otherwise be written back as UTF-8 without one.
        var error = Assert.Throws<SaveCorruptedException>(() => new XmlSaveDocument((byte[])[0xEF, 0xBB, 0xBF, .. Payload()]));

        Assert.Contains("starts with a byte-order mark", error.Message, StringComparison.Ordinal);
    }

    private static byte[] Payload()
    {
        var buffer = new ArrayBufferWriter<byte>();
        SaveFormats.Get<GameContent>(SaveFormat.Xml).Write(buffer, ContentGenerator.Create(ContentSize.Small));
        return buffer.WrittenSpan.ToArray();
    }

    private static byte[] Encode(XDocument document)
    {
        using var stream = new MemoryStream();
        using (var writer = System.Xml.XmlWriter.Create(stream, XmlSaveFormat.WriterSettings))
        {
            document.Save(writer);
        }

        return stream.ToArray();
    }
}

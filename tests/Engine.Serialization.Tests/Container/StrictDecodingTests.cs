using System.Buffers;
using System.Buffers.Binary;
using System.Text;
using Engine.Core.Model;
using Engine.Serialization.Container;
using Engine.Serialization.Tests.Formats.Protobuf;
using Engine.Serialization.Tests.Fuzzing;
using Engine.Serialization.Tests.Schemas;

namespace Engine.Serialization.Tests.Container;

/// <summary>
/// The rules of docs/FORMAT.md the reader holds a file to, each with a file that breaks only it (its checksums valid):
/// nothing may follow the payload, compressed or not, or the metadata's map inside its declared length; a member may not be
/// named twice; the payload's own SchemaVersion may not disagree with the header's.
/// </summary>
public sealed class StrictDecodingTests
{
    private static readonly byte[] Payload = SaveSerializer.ReadPayload<GameContent>(SaveSerializer.Save(ContentGenerator.Create(ContentSize.Small))).Payload.ToArray();

    public static TheoryData<string> Trailers() => ["one junk byte", "a second broken frame", "a mebibyte of zeros"];

    [Theory]
    [MemberData(nameof(Trailers))]
    public void Load_BytesAfterTheLz4Frame_AreRefused(string trailer)
    {
        var stored = new ArrayBufferWriter<byte>();
        PayloadCompression.Compress(SaveCompression.Lz4, Payload, stored, Lz4Level.Fast);
        byte[] after = trailer switch
        {
            "one junk byte" => [0x2A],
            "a second broken frame" => [.. stored.WrittenSpan[..20]],
            _ => new byte[1 << 20],
        };

        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(
            SaveFiles.FrameStored(SaveFormat.MessagePack, SaveCompression.Lz4, [.. stored.WrittenSpan, .. after], Payload.Length)));

        Assert.Contains($"{after.Length:N0} bytes after its frame", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Load_ByteAfterAnUncompressedPayload_IsRefused()
    {
        Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(
            SaveFiles.FrameStored(SaveFormat.MessagePack, SaveCompression.None, [.. Payload, 0xC0], Payload.Length + 1)));
    }

    [Fact]
    public void Load_ByteAfterTheMetadataMapInsideItsLength_IsRefused()
    {
        byte[] file = SaveFiles.Frame(SaveFormat.MessagePack, SaveCompression.None, Payload);
        int metadataLength = BinaryPrimitives.ReadInt32LittleEndian(file.AsSpan(SaveContainer.MetadataLengthOffset));
        byte[] metadata = [.. file.AsSpan(SaveContainer.HeaderSize, metadataLength), 0xC0];

        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(SaveFiles.WithMetadataBytes(file, metadata)));

        Assert.Contains("1 bytes after its map", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Load_AMetadataMemberNamedTwice_IsRefused_AsTheMetadatas()
    {
        byte[] file = SaveFiles.Frame(SaveFormat.MessagePack, SaveCompression.None, Payload);
        var metadata = new ArrayBufferWriter<byte>();
        var writer = new MessagePack.MessagePackWriter(metadata);
        writer.WriteMapHeader(2);
        writer.Write("Title");
        writer.Write("Chapter 1");
        writer.Write("Title");
        writer.Write("Chapter 2");
        writer.Flush();

        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(SaveFiles.WithMetadataBytes(file, metadata.WrittenSpan.ToArray())));

        Assert.Contains("The saved SaveMetadata names its member 'Title' twice", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Load_EmptyMetadataBlock_IsRefused()
    {
        byte[] file = SaveFiles.Frame(SaveFormat.MessagePack, SaveCompression.None, Payload);

        Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(SaveFiles.WithMetadataBytes(file, [])));
    }

    [Fact]
    public void Load_AMemberNamedTwice_IsRefused()
    {
        byte[] payload = [0x82, 0xA5, .. "Title"u8, 0xA1, (byte)'A', 0xA5, .. "Title"u8, 0xA1, (byte)'B'];

        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(
            SaveFiles.Frame(SaveFormat.MessagePack, SaveCompression.None, payload)));

        Assert.Contains("names its member 'Title' twice", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Load_AnXmlMemberElementTwice_IsRefused()
    {
        byte[] payload = "<?xml version=\"1.0\" encoding=\"utf-8\"?><GameContent><Title>A</Title><Title>B</Title></GameContent>"u8.ToArray();

        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(
            SaveFiles.Frame(SaveFormat.Xml, SaveCompression.None, payload)));

        Assert.Contains("names its member 'Title' twice", error.Message, StringComparison.Ordinal);
    }

    public static TheoryData<string, byte[]> XmlByteOrderMarks() => new()
    {
        { "UTF-8", [0xEF, 0xBB, 0xBF, .. "<GameContent><Title>A</Title></GameContent>"u8] },
        { "UTF-16 little-endian", [0xFF, 0xFE, .. System.Text.Encoding.Unicode.GetBytes("<GameContent><Title>A</Title></GameContent>")] },
        { "UTF-16 big-endian", [0xFE, 0xFF, .. System.Text.Encoding.BigEndianUnicode.GetBytes("<GameContent><Title>A</Title></GameContent>")] },
    };

    [Theory]
    [MemberData(nameof(XmlByteOrderMarks))]
    public void Load_AnXmlPayloadWithAByteOrderMark_IsRefused(string encoding, byte[] payload)
    {
        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(
            SaveFiles.Frame(SaveFormat.Xml, SaveCompression.None, payload)));

        Assert.True(error.Message.Contains("starts with a byte-order mark", StringComparison.Ordinal), $"{encoding}: {error.Message}");
    }

    [Theory]
    [InlineData("ISO-8859-1")]
    [InlineData("us-ascii")]
    [InlineData("UTF-16")]
    [InlineData("utf8")]
    public void Load_AnXmlPayloadDeclaringAnotherEncoding_IsRefused(string encoding)
    {
        byte[] payload = System.Text.Encoding.UTF8.GetBytes($"<?xml version=\"1.0\" encoding=\"{encoding}\"?><GameContent><Title>A</Title></GameContent>");

        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(
            SaveFiles.Frame(SaveFormat.Xml, SaveCompression.None, payload)));

        Assert.Contains($"declares the encoding \"{encoding}\"", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")]
    [InlineData("<?xml version=\"1.0\" encoding=\"utf-8\"?>")]
    [InlineData("<?xml version=\"1.0\"?>")]
    [InlineData("")]
    public void Load_AnXmlPayloadDeclaringUtf8OrNoEncoding_Loads(string declaration)
    {
        byte[] payload = System.Text.Encoding.UTF8.GetBytes($"{declaration}<GameContent><Title>Café ☕</Title></GameContent>");

        Assert.Equal("Café ☕", SaveSerializer.Load<GameContent>(SaveFiles.Frame(SaveFormat.Xml, SaveCompression.None, payload)).Title);
    }

    public static TheoryData<byte[], string> XmlNotUtf8() => new()
    {
        { [.. "<GameContent><Title>Caf"u8, 0xE9, .. "</Title></GameContent>"u8], "holds bytes that are not UTF-8 at offset 23 (0xE9)" }, // Latin-1
        { [.. "<GameContent><Newer>"u8, 0x80, .. "</Newer></GameContent>"u8], "holds bytes that are not UTF-8 at offset 20 (0x80)" }, // in an unknown member
        { [.. "<GameContent><Ti"u8, 0xE2, 0x98, .. "tle>A</Title></GameContent>"u8], "holds bytes that are not UTF-8 at offset 16 (0xE2)" }, // in a name
        { System.Text.Encoding.Unicode.GetBytes("<GameContent><Title>A</Title></GameContent>"), "holds a NUL byte at offset 1, as UTF-16 or UTF-32 text does" },
    };

    [Theory]
    [MemberData(nameof(XmlNotUtf8))]
    public void Load_AnXmlPayloadThatIsNotUtf8_IsRefused(byte[] payload, string problem)
    {
        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(
            SaveFiles.Frame(SaveFormat.Xml, SaveCompression.None, payload)));

        Assert.Contains($"The XML payload {problem}: a save's XML is UTF-8, without a byte-order mark.", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Load_AnXmlRootOfAnotherName_Loads_AsItsModelIsTheMetadatas()
    {
        // The root is named after the model's type when written, and a type may be renamed since: the metadata's
        // ModelId says which model the payload holds (another model's save is refused before its payload is read).
        byte[] payload = "<Other><Title>A</Title></Other>"u8.ToArray();

        Assert.Equal("A", SaveSerializer.Load<GameContent>(SaveFiles.Frame(SaveFormat.Xml, SaveCompression.None, payload)).Title);
    }

    [Theory]
    [InlineData("a string field")]
    [InlineData("a message field")]
    public void Load_AProtobufSingleFieldTwice_IsRefused(string field)
    {
        // GameContent: schema_version = 1, then title (3) or player (7, { name = "A" } and { score = 3 }) twice.
        byte[] payload = field == "a string field"
            ? [0x08, 1, 0x1A, 1, (byte)'A', 0x1A, 1, (byte)'B']
            : [0x08, 1, 0x3A, 3, 0x12, 1, (byte)'A', 0x3A, 2, 0x18, 3];

        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(
            SaveFiles.Frame(SaveFormat.Protobuf, SaveCompression.None, payload)));

        Assert.Contains($"names its member '{(field == "a string field" ? "Title" : "Player")}' twice", error.Message, StringComparison.Ordinal);
    }

    // MessagePack payload: a map in a dictionary holding one key twice is damage.
    [Fact]
    public void Load_AMessagePackDictionaryHoldingAKeyTwice_IsRefused()
    {
        byte[] payload = [0x81, 0xA7, .. "Margins"u8, 0x82, 0xA1, (byte)'a', 0xA1, (byte)'x', 0xA1, (byte)'a', 0xA1, (byte)'y'];

        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<Notebook>(NotebookSave(SaveFormat.MessagePack, payload)));

        Assert.Contains("holds the key 'a' twice", error.Message, StringComparison.Ordinal);
    }

    // protobuf payload: a field that is not repeated appearing twice in one message is damage, in every message the model's
    // payload has: a math type's or tuple's parts, a dictionary's entry and its key, a union's, an item's wrapper.
    [Theory]
    [InlineData("Corner", "a part twice", "names its member 'X' twice")]
    [InlineData("Margins", "an entry's key twice", "A map entry holds its key twice")]
    [InlineData("Margins", "an entry's value twice", "A map entry holds its value twice")]
    [InlineData("Margins", "two entries of one key", "holds the key 'a' twice")]
    [InlineData("Lines", "an item's wrapper holding two items", "An item's message holds the item twice")]
    [InlineData("Mark", "a union holding two cases", "message holds more than one of its cases")]
    public void Load_AProtobufFieldTwiceInASmallMessage_IsRefused(string member, string twice, string said)
    {
        int field = NotebookField(member);
        byte[] x = [0x0D, .. BitConverter.GetBytes(1f)]; // field 1, fixed32
        byte[] payload = twice switch
        {
            "a part twice" => Message(field, [.. x, .. x]),
            "an entry's key twice" => Message(field, [.. Text(1, "a"), .. Text(1, "b"), .. Text(2, "x")]),
            "an entry's value twice" => Message(field, [.. Text(1, "a"), .. Text(2, "x"), .. Text(2, "y")]),
            "two entries of one key" => [.. Message(field, [.. Text(1, "a"), .. Text(2, "x")]), .. Message(field, [.. Text(1, "a"), .. Text(2, "y")])],
            "an item's wrapper holding two items" => Message(field, [.. Text(1, "a"), .. Text(1, "b")]),
            _ => Message(field, [.. Message(1, []), .. Message(1, [])]),
        };

        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<Notebook>(NotebookSave(SaveFormat.Protobuf, payload)));

        Assert.Contains(said, error.Message, StringComparison.Ordinal);
    }

    // What each small message holds once loads: the rule above refuses only the second occurrence.
    [Fact]
    public void Load_ProtobufSmallMessagesHoldingEachFieldOnce_Load()
    {
        byte[] payload =
        [
            .. Message(NotebookField("Corner"), [0x0D, .. BitConverter.GetBytes(1f), 0x15, .. BitConverter.GetBytes(2f)]),
            .. Message(NotebookField("Margins"), [.. Text(1, "a"), .. Text(2, "x")]),
            .. Message(NotebookField("Lines"), Text(1, "l")),
            .. Message(NotebookField("Mark"), Message(1, [])),
        ];

        var loaded = SaveSerializer.Load<Notebook>(NotebookSave(SaveFormat.Protobuf, payload));

        Assert.Equal((new System.Numerics.Vector2(1, 2), "x", "l"), (loaded.Corner, loaded.Margins["a"], loaded.Lines.Single()));
        Assert.IsType<Dot>(loaded.Mark);
    }

    private static byte[] NotebookSave(SaveFormat format, byte[] payload) =>
        SaveFiles.Frame(format, SaveCompression.None, payload, new SaveMetadata { ModelId = "tests.notebook" });

    private static int NotebookField(string member) => ProtoPayloads.FieldNumber<Notebook>(member.ToLowerInvariant());

    private static byte[] Text(int field, string text) => Message(field, Encoding.UTF8.GetBytes(text));

    private static byte[] Message(int field, byte[] content) => ProtoPayloads.LengthDelimited(field, content);

    public static TheoryData<SaveFormat> Formats() => [.. Enum.GetValues<SaveFormat>()];

    [Theory]
    [MemberData(nameof(Formats))]
    public void Load_PayloadSchemaVersionThatDisagreesWithTheHeader_IsRefused(SaveFormat format)
    {
        var content = ContentGenerator.Create(ContentSize.Small);
        content.SchemaVersion = GameContent.CurrentSchemaVersion + 1;
        byte[] file = SaveFiles.Frame(format, SaveCompression.None, SaveFiles.PayloadSkippingChecks(format, content));

        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(file));

        Assert.Contains($"holds schema {content.SchemaVersion}, the header schema {GameContent.CurrentSchemaVersion}", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Save_SchemaVersionThatDisagreesWithTheModels_IsRefused()
    {
        var content = ContentGenerator.Create(ContentSize.Small);
        content.SchemaVersion = 7;

        var error = Assert.Throws<SaveEncodingException>(() => SaveSerializer.Save(content));

        Assert.Contains("SchemaVersion says 7", error.Message, StringComparison.Ordinal);
    }
}

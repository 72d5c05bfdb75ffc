using System.Buffers;
using System.Xml.Linq;
using Engine.Core.Model;
using Engine.Serialization.Internal;
using Engine.Testing;

namespace Engine.Serialization.Tests.Formats.Xml;

public sealed class XmlSaveFormatTests
{
    private static readonly ISaveFormat<GameContent> Xml = SaveFormats.Get<GameContent>(SaveFormat.Xml);

    [Theory]
    [InlineData(ContentSize.Small)]
    [InlineData(ContentSize.Medium)]
    public void Write_ThenRead_GivesEqualContent(ContentSize size)
    {
        var content = ContentGenerator.Create(size);

        GraphAssert.Equal(content, Xml.Read(Write(content)));
    }

    [Fact]
    public void Write_GivesPlainXmlThatAnyParserReads()
    {
        var content = ContentGenerator.Create(ContentSize.Small);
        byte[] payload = Write(content);

        var document = XDocument.Parse(System.Text.Encoding.UTF8.GetString(payload));
        Assert.Equal("GameContent", document.Root!.Name.LocalName);
        Assert.Equal(content.Rooms.Count, document.Root.Element("Rooms")!.Elements("Room").Count());
        Assert.Equal(content.Rooms[0].WalkGrid.Cells.Count, document.Root.Element("Rooms")!.Element("Room")!.Element("WalkGrid")!.Element("Cells")!.Elements("float").Count());
    }

    [Fact]
    public void Read_MembersInAnyOrderAndUnknownOnes_ReadsTheKnownOnes()
    {
        const string xml = "<GameContent><PlayTimeSeconds>12.5</PlayTimeSeconds><FromANewerGame><Deep>1</Deep></FromANewerGame><Title>Out of order</Title></GameContent>";

        var content = Xml.Read(System.Text.Encoding.UTF8.GetBytes(xml));

        Assert.Equal("Out of order", content.Title);
        Assert.Equal(12.5, content.PlayTimeSeconds);
    }

    [Fact]
    public void Read_ARootOfAnotherName_ReadsIt_AsTheContainerSaysWhichModelItIs()
    {
        Assert.Equal("renamed", Xml.Read("<RenamedContent><Title>renamed</Title></RenamedContent>"u8.ToArray()).Title);
    }

    [Fact]
    public void Write_AStringXmlCannotCarry_ThrowsSaveEncoding()
    {
        var content = ContentGenerator.Create(ContentSize.Small);
        content.Title = "bell\u0007";

        var error = Assert.Throws<SaveEncodingException>(() => Xml.Write(new ArrayBufferWriter<byte>(), content));
        Assert.Contains("U+0007", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("<GameContent><Title>unclosed</GameContent>")]
    [InlineData("<!DOCTYPE GameContent [<!ENTITY a \"aaaa\">]><GameContent><Title>&a;</Title></GameContent>")]
    [InlineData("")]
    [InlineData("<GameContent><PlayTimeSeconds>soon</PlayTimeSeconds></GameContent>")]
    [InlineData("<GameContent>text where members belong</GameContent>")]
    [InlineData("<GameContent /><GameContent />")]
    public void Read_BadXml_ThrowsSaveCorrupted(string xml)
    {
        Assert.Throws<SaveCorruptedException>(() => Xml.Read(System.Text.Encoding.UTF8.GetBytes(xml)));
    }

    [Theory]
    [InlineData("Sideways")]
    [InlineData("9")]
    public void Read_DirectionTheEnumLacks_IsRefusedAsANewerGamesValue(string direction)
    {
        string xml = $"<GameContent><Rooms><Room><Exits><Exit><Direction>{direction}</Direction></Exit></Exits></Room></Rooms></GameContent>";

        var error = Assert.Throws<UnsupportedSaveVersionException>(() => Xml.Read(System.Text.Encoding.UTF8.GetBytes(xml)));

        Assert.Contains($"{direction}", error.Message, StringComparison.Ordinal);
        Assert.Contains("as a Engine.Core.Model.Direction, which is none of the values", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Read_ElementsNestedDeeperThanTheLimit_ThrowsSaveCorrupted()
    {
        string xml = "<GameContent><Title>" + string.Concat(Enumerable.Repeat("<a>", 600)) + string.Concat(Enumerable.Repeat("</a>", 600)) + "</Title></GameContent>";

        Assert.Throws<SaveCorruptedException>(() => Xml.Read(System.Text.Encoding.UTF8.GetBytes(xml)));
    }

    [Fact]
    public void Read_UnknownElementNestedToTheLimit_Reads_AndOneLevelDeeper_ThrowsSaveCorrupted()
    {
        // The root is the first level and <Unknown> the second.
        Assert.Equal("deep", Xml.Read(Nested("<GameContent><Unknown>", XmlCodec.MaxDepth - 2, "</Unknown><Title>deep</Title></GameContent>")).Title);

        var error = Assert.Throws<SaveCorruptedException>(() => Xml.Read(Nested("<GameContent><Unknown>", XmlCodec.MaxDepth - 1, "</Unknown><Title>deep</Title></GameContent>")));
        Assert.Contains($"deeper than {XmlCodec.MaxDepth} levels", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Read_NestedDeepUnderAnUnknownElementOfAStruct_ThrowsSaveCorrupted()
    {
        // A struct keeps no unknown members: the element is skipped, its depth counted all the same.
        var error = Assert.Throws<SaveCorruptedException>(() => Xml.Read(Nested("<GameContent><Camera><Position><Unknown>", 100_000, "</Unknown></Position></Camera></GameContent>")));

        Assert.Contains($"deeper than {XmlCodec.MaxDepth} levels", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Read_NestedDeepInsideANilElement_ThrowsSaveCorrupted()
    {
        var error = Assert.Throws<SaveCorruptedException>(() => Xml.Read(Nested(
            $"<GameContent xmlns:xsi=\"{XmlCodec.InstanceNamespace}\"><Title xsi:nil=\"true\">", 100_000, "</Title></GameContent>")));

        Assert.Contains($"deeper than {XmlCodec.MaxDepth} levels", error.Message, StringComparison.Ordinal);
    }

    /// <summary><paramref name="before"/>, then <paramref name="levels"/> elements each inside the one before, then <paramref name="after"/>.</summary>
    internal static byte[] Nested(string before, int levels, string after) =>
        System.Text.Encoding.UTF8.GetBytes(before + string.Concat(Enumerable.Repeat("<a>", levels)) + string.Concat(Enumerable.Repeat("</a>", levels)) + after);

    private static byte[] Write(GameContent content)
    {
        var buffer = new ArrayBufferWriter<byte>();
        Xml.Write(buffer, content);
        return buffer.WrittenSpan.ToArray();
    }
}

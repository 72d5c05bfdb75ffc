using System.Buffers;
using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Xml.Linq;
using Engine.Core.Generation;
using Engine.Core.Model;
using Engine.Serialization.Errors;
using Engine.Serialization.Formats.Xml;
using Engine.Testing;

namespace Engine.Serialization.Tests.Formats.Xml;

public sealed class XmlSaveFormatTests
{
    [Fact]
    public void NativeAotRooting_KeepsEveryListTypeTheModelUses()
    {
        var rooted = typeof(XmlSaveFormat).GetNestedType("ReflectionXmlSerializer", BindingFlags.NonPublic)!
            .GetMethods(BindingFlags.NonPublic | BindingFlags.Static)
            .SelectMany(m => m.GetCustomAttributes<DynamicDependencyAttribute>())
            .Select(a => a.Type)
            .ToHashSet();

        var lists = ModelTypes.ReachableFrom(typeof(GameContent))
            .Where(t => t.IsGenericType && t.GetGenericTypeDefinition() == typeof(List<>));

        Assert.All(lists, list => Assert.True(rooted.Contains(list), $"{list} needs a [DynamicDependency] for NativeAOT"));
    }

    [Fact]
    public void Write_GivesPlainXmlThatAnyParserReads()
    {
        var content = ContentGenerator.Create(ContentSize.Small);
        var buffer = new ArrayBufferWriter<byte>();

        XmlSaveFormat.Instance.Write(buffer, content);

        var document = XDocument.Parse(System.Text.Encoding.UTF8.GetString(buffer.WrittenSpan));
        Assert.Equal("GameContent", document.Root!.Name.LocalName);
        Assert.Equal(content.Rooms.Count, document.Root.Element("Rooms")!.Elements("Room").Count());
        GraphAssert.Equal(content, XmlSaveFormat.Instance.Read(buffer.WrittenMemory));
    }

    [Fact]
    public void Write_AStringXmlCannotCarry_ThrowsSaveEncoding()
    {
        var content = ContentGenerator.Create(ContentSize.Small);
        content.Title = "bell\u0007";

        Assert.Throws<SaveEncodingException>(() => XmlSaveFormat.Instance.Write(new ArrayBufferWriter<byte>(), content));
    }

    [Theory]
    [InlineData("<GameContent><Title>unclosed</GameContent>")]
    [InlineData("<!DOCTYPE GameContent [<!ENTITY a \"aaaa\">]><GameContent><Title>&a;</Title></GameContent>")]
    [InlineData("<Other />")]
    [InlineData("")]
    public void Read_BadXml_ThrowsSaveCorrupted(string xml)
    {
        Assert.Throws<SaveCorruptedException>(() => XmlSaveFormat.Instance.Read(System.Text.Encoding.UTF8.GetBytes(xml)));
    }
}

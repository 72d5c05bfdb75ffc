using System.Xml;
using Engine.Serialization.Errors;
using Engine.Serialization.Internal;

namespace Engine.Serialization.Formats.Xml;

/// <summary>
/// An XmlWriter that refuses an element nested deeper than a load reads (<see cref="XmlCodec.MaxDepth"/>) and passes
/// everything else to the writer it wraps. A save nests its own members within that depth by construction; the members
/// a newer game wrote are kept with their object as they were read, and an object moved deeper since would take them
/// past it.
/// </summary>
internal sealed class DepthLimitedXmlWriter(XmlWriter inner) : XmlWriter
{
    private int _depth;

    public override WriteState WriteState => inner.WriteState;

    public override XmlWriterSettings? Settings => inner.Settings;

    public override void WriteStartElement(string? prefix, string localName, string? ns)
    {
        if (++_depth > XmlCodec.MaxDepth)
        {
            throw new SaveEncodingException(
                $"The game would be written as XML nesting elements deeper than {XmlCodec.MaxDepth} levels, which no load reads: "
                + "members a newer version of the game wrote, kept with an object that now sits deeper in the game. Nothing was written. Save in MessagePack.");
        }

        inner.WriteStartElement(prefix, localName, ns);
    }

    public override void WriteEndElement()
    {
        _depth--;
        inner.WriteEndElement();
    }

    public override void WriteFullEndElement()
    {
        _depth--;
        inner.WriteFullEndElement();
    }

    public override void Flush() => inner.Flush();

    public override string? LookupPrefix(string ns) => inner.LookupPrefix(ns);

    public override void WriteBase64(byte[] buffer, int index, int count) => inner.WriteBase64(buffer, index, count);

    public override void WriteCData(string? text) => inner.WriteCData(text);

    public override void WriteCharEntity(char ch) => inner.WriteCharEntity(ch);

    public override void WriteChars(char[] buffer, int index, int count) => inner.WriteChars(buffer, index, count);

    public override void WriteComment(string? text) => inner.WriteComment(text);

    public override void WriteDocType(string name, string? pubid, string? sysid, string? subset) => inner.WriteDocType(name, pubid, sysid, subset);

    public override void WriteEndAttribute() => inner.WriteEndAttribute();

    public override void WriteEndDocument() => inner.WriteEndDocument();

    public override void WriteEntityRef(string name) => inner.WriteEntityRef(name);

    public override void WriteProcessingInstruction(string name, string? text) => inner.WriteProcessingInstruction(name, text);

    public override void WriteRaw(char[] buffer, int index, int count) => inner.WriteRaw(buffer, index, count);

    public override void WriteRaw(string data) => inner.WriteRaw(data);

    public override void WriteStartAttribute(string? prefix, string localName, string? ns) => inner.WriteStartAttribute(prefix, localName, ns);

    public override void WriteStartDocument() => inner.WriteStartDocument();

    public override void WriteStartDocument(bool standalone) => inner.WriteStartDocument(standalone);

    public override void WriteString(string? text) => inner.WriteString(text);

    public override void WriteSurrogateCharEntity(char lowChar, char highChar) => inner.WriteSurrogateCharEntity(lowChar, highChar);

    public override void WriteWhitespace(string? ws) => inner.WriteWhitespace(ws);

    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            inner.Dispose();
        }

        base.Dispose(disposing);
    }
}

using System.Xml;
using System.Xml.Linq;
using Engine.Serialization.Formats.Xml;
using Engine.Serialization.Migrations;

namespace Engine.Serialization.Documents;

/// <summary>
/// An XML payload as an editable document for migration steps: members are child elements named
/// after the model's properties, list members hold one element per item, values are element text.
/// </summary>
internal sealed class XmlSaveDocument : SaveDocument
{
    private readonly XDocument _document;

    public XmlSaveDocument(ReadOnlyMemory<byte> payload)
    {
        var root = XmlSaveFormat.ReadDocument(payload, XmlCodec.ReadElement);
        _document = new XDocument(root);
        Root = new Element(root);
    }

    public override DocumentObject Root { get; }

    public override byte[] Encode()
    {
        using var stream = new MemoryStream();
        using (var writer = XmlWriter.Create(stream, XmlSaveFormat.WriterSettings))
        {
            _document.Save(writer);
        }

        return stream.ToArray();
    }

    private sealed class Element(XElement element) : DocumentObject
    {
        public override bool Has(string member) => element.Element(member) is not null;

        public override DocumentObject? Object(string member) => element.Element(member) is { } child ? new Element(child) : null;

        public override IReadOnlyList<DocumentObject> Objects(string member) =>
            element.Element(member) is { } list ? [.. list.Elements().Select(item => new Element(item))] : [];

        public override bool Rename(string member, string newName)
        {
            if (element.Element(member) is not { } child)
            {
                return false;
            }

            element.Element(newName)?.Remove();
            child.Name = newName;
            return true;
        }

        public override bool Remove(string member)
        {
            var child = element.Element(member);
            child?.Remove();
            return child is not null;
        }

        public override string? GetString(string member) => element.Element(member)?.Value;

        public override long? GetInt64(string member) => GetString(member) is { } text ? XmlConvert.ToInt64(text) : null;

        public override double? GetDouble(string member) => GetString(member) is { } text ? XmlConvert.ToDouble(text) : null;

        public override bool? GetBoolean(string member) => GetString(member) is { } text ? XmlConvert.ToBoolean(text) : null;

        public override void SetString(string member, string value)
        {
            if (element.Element(member) is { } child)
            {
                child.Value = value;
            }
            else
            {
                element.Add(new XElement(member, value));
            }
        }

        public override void SetInt64(string member, long value) => SetString(member, XmlConvert.ToString(value));

        public override void SetDouble(string member, double value) => SetString(member, XmlConvert.ToString(value));

        public override void SetBoolean(string member, bool value) => SetString(member, XmlConvert.ToString(value));
    }
}

using System.Xml;
using System.Xml.Linq;
using Engine.Serialization.Formats.Xml;
using Engine.Serialization.Internal;
using Engine.Serialization.Migrations;

namespace Engine.Serialization.Documents;

/// <summary>
/// An XML payload as an editable document for migration steps: members are child elements named
/// after the model's properties, list members hold one element per item, a dictionary one <c>&lt;Entry&gt;</c> of
/// <c>&lt;Key&gt;</c> and <c>&lt;Value&gt;</c> per entry, values are element text. A union's value is an element with a
/// <c>case</c> attribute around its case's element: that element is the object a step sees.
/// </summary>
internal sealed class XmlSaveDocument : SaveDocument
{
    private readonly XDocument _document;

    public XmlSaveDocument(ReadOnlyMemory<byte> payload)
    {
        var root = XmlSaveFormat.ReadDocument(payload, XmlCodec.ReadElement);
        _document = new XDocument(root);
        Root = new Element(root, unionCase: null, Edits);
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

    private static readonly XName Nil = XName.Get("nil", XmlCodec.InstanceNamespace);

    /// <summary>The object an element holds: null when it is nil, a union's case element when it names a case.</summary>
    private static Element? Open(XElement value, DocumentEdits edits)
    {
        if (IsNil(value))
        {
            return null;
        }

        if (value.Attribute("case") is not { } unionCase)
        {
            return new Element(value, unionCase: null, edits);
        }

        var cases = value.Elements().Take(2).ToList();
        if (cases.Count != 1)
        {
            throw new InvalidOperationException($"a union's <{value.Name}> holds {(cases.Count == 0 ? "none" : "more than one")} of its cases");
        }

        return new Element(cases[0], XmlConvert.ToInt32(unionCase.Value), edits);
    }

    private static bool IsNil(XElement value) => value.Attribute(Nil) is { } nil && XmlConvert.ToBoolean(nil.Value);

    /// <summary>A list's items or a dictionary's entries; none when the member is absent or nil.</summary>
    private static IEnumerable<XElement> Items(XElement? holder) => holder is null || IsNil(holder) ? [] : holder.Elements();

    private sealed class Element(XElement element, int? unionCase, DocumentEdits edits) : DocumentObject
    {
        public override int? UnionCase => unionCase;

        public override bool Has(string member) => element.Element(member) is not null;

        public override DocumentObject? Object(string member) => element.Element(member) is { } child ? Open(child, edits) : null;

        public override IReadOnlyList<DocumentObject> Objects(string member) =>
            [.. Items(element.Element(member)).Select(item => Open(item, edits)).OfType<DocumentObject>()];

        public override IReadOnlyList<DocumentEntry> Dictionary(string member) =>
            [.. Items(element.Element(member)).Select(entry => new Entry(entry, edits))];

        public override bool Rename(string member, string newName)
        {
            var child = element.Element(member);
            if (child is not null)
            {
                element.Element(newName)?.Remove();
                child.Name = newName;
            }

            return edits.Sought("rename", member, child is not null);
        }

        public override bool Remove(string member)
        {
            var child = element.Element(member);
            child?.Remove();
            return edits.Sought("removal", member, child is not null);
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

            edits.Changed();
        }

        public override void SetInt64(string member, long value) => SetString(member, XmlConvert.ToString(value));

        public override void SetDouble(string member, double value) => SetString(member, XmlConvert.ToString(value));

        public override void SetBoolean(string member, bool value) => SetString(member, XmlConvert.ToString(value));
    }

    private sealed class Entry(XElement entry, DocumentEdits edits) : DocumentEntry
    {
        private readonly XElement _key = entry.Element("Key") ?? throw new InvalidOperationException($"a dictionary's <{entry.Name}> has no <Key>");
        private readonly XElement _value = entry.Element("Value") ?? throw new InvalidOperationException($"a dictionary's <{entry.Name}> has no <Value>");

        public override DocumentObject? Value => Open(_value, edits);

        public override string GetKeyString() => _key.Value;

        public override long GetKeyInt64() => XmlConvert.ToInt64(_key.Value);

        public override void SetKey(string key)
        {
            if (entry.Parent!.Elements().Any(other => other != entry && other.Element("Key")?.Value == key))
            {
                throw new InvalidOperationException($"the dictionary already has the key {key}");
            }

            _key.Value = key;
            edits.Changed();
        }

        public override void SetKey(long key) => SetKey(XmlConvert.ToString(key));
    }
}

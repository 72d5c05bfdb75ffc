using System.Buffers;
using System.Xml.Linq;
using Engine.Serialization.Errors;
using Engine.Serialization.Inspection;
using MessagePack;

namespace Engine.Serialization.Tools;

/// <summary>
/// An XML payload whose model this program doesn't know, as MessagePack by the document's own structure (docs/FORMAT.md):
/// an element with no child elements is its text, <c>xsi:nil</c> is null, an element whose children all share one name
/// is a list (so a one-item list reads as an object of one member), any other element an object of its children.
/// Through the model, every value has its own type instead.
/// </summary>
internal static class XmlStructure
{
    private static readonly XNamespace Instance = "http://www.w3.org/2001/XMLSchema-instance";

    public static ReadOnlyMemory<byte> ToMessagePack(ReadOnlyMemory<byte> payload)
    {
        var root = SaveFileTools.ReadXml(payload);
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new MessagePackWriter(buffer);
        Write(ref writer, root, depth: 1);
        writer.Flush();
        return buffer.WrittenMemory;
    }

    private static void Write(ref MessagePackWriter writer, XElement element, int depth)
    {
        if (depth > SaveFileTools.MaxDepth)
        {
            throw new SaveCorruptedException($"The XML payload nests deeper than {SaveFileTools.MaxDepth} levels.");
        }

        if (element.Attribute(Instance + "nil")?.Value is "true" or "1")
        {
            writer.WriteNil();
            return;
        }

        var children = element.Elements().ToList();
        if (children.Count == 0)
        {
            writer.Write(element.Value);
        }
        else if (children.Count > 1 && children.TrueForAll(child => child.Name == children[0].Name))
        {
            writer.WriteArrayHeader(children.Count);
            foreach (var child in children)
            {
                Write(ref writer, child, depth + 1);
            }
        }
        else
        {
            writer.WriteMapHeader(children.Count);
            foreach (var child in children)
            {
                writer.Write(child.Name.LocalName);
                Write(ref writer, child, depth + 1);
            }
        }
    }
}

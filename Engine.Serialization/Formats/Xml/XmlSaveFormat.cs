using System.Buffers;
using System.Text;
using System.Xml;
using Engine.Serialization.Errors;
using Engine.Serialization.Models;

namespace Engine.Serialization.Formats.Xml;

/// <summary>How saves write and read XML: indented UTF-8 without a byte-order mark; reads refuse DTDs and external entities.</summary>
internal static class XmlSaveFormat
{
    internal static readonly XmlWriterSettings WriterSettings = new()
    {
        Encoding = new UTF8Encoding(encoderShouldEmitUTF8Identifier: false),
        Indent = true,

        // A parser turns a raw CR (or CR LF) in text into LF; as &#xD; it comes back as written.
        NewLineHandling = NewLineHandling.Entitize,
    };

    /// <summary>
    /// A writer of a save's XML. A model's own members nest within what a load reads; members a newer game wrote, kept
    /// with an object that moved deeper since, may not, so once any are kept each element's depth is counted.
    /// </summary>
    internal static XmlWriter CreateWriter(Stream stream)
    {
        var writer = XmlWriter.Create(stream, WriterSettings);
        return UnknownMembers.AnyKept ? new DepthLimitedXmlWriter(writer) : writer;
    }

    /// <summary>
    /// No DTD, so no entity can be declared (a "billion laughs" or an external entity is refused at
    /// its DOCTYPE), no resolver to fetch anything, and a small cap on entity expansion behind that.
    /// </summary>
    private static readonly XmlReaderSettings ReaderSettings = new()
    {
        DtdProcessing = DtdProcessing.Prohibit,
        XmlResolver = null,
        MaxCharactersFromEntities = 1024,

        // Not IgnoreWhitespace: it would turn a string of spaces or tabs into an empty one.
        IgnoreComments = true,
        IgnoreProcessingInstructions = true,
    };

    /// <summary>
    /// Reads a payload's root element with <paramref name="readRoot"/>, which leaves the reader past it; nothing but
    /// whitespace may follow. What the reader refuses is damage, named with its line and position.
    /// </summary>
    internal static TRoot ReadDocument<TRoot>(ReadOnlyMemory<byte> payload, Func<XmlReader, TRoot> readRoot)
    {
        using var stream = PayloadStream.Over(payload);
        using var reader = XmlReader.Create(stream, ReaderSettingsFor(payload.Length));
        try
        {
            if (reader.MoveToContent() != XmlNodeType.Element)
            {
                throw new SaveCorruptedException("The XML payload holds no element: there is no game in it.");
            }

            var root = readRoot(reader);
            for (; !reader.EOF; reader.Read())
            {
                if (reader.NodeType is not (XmlNodeType.None or XmlNodeType.Whitespace or XmlNodeType.SignificantWhitespace))
                {
                    throw new SaveCorruptedException($"The XML payload has {reader.NodeType} after its root element{Where(reader)}.");
                }
            }

            return root;
        }
        catch (Exception e) when (e is XmlException or FormatException or OverflowException or ArgumentException or InvalidOperationException)
        {
            throw new SaveCorruptedException($"The XML payload could not be read{Where(reader)}: {DecodeFailure.Describe(e)}.", innerException: e);
        }
    }

    /// <summary>A document holds no more characters than its payload has bytes, whatever its encoding.</summary>
    private static XmlReaderSettings ReaderSettingsFor(int payloadLength)
    {
        var settings = ReaderSettings.Clone();
        settings.MaxCharactersInDocument = Math.Max(payloadLength, 1);
        return settings;
    }

    private static string Where(XmlReader reader) =>
        reader is IXmlLineInfo { LineNumber: > 0 } line ? $" (line {line.LineNumber}, position {line.LinePosition})" : string.Empty;
}

/// <summary>
/// A model as plain, indented XML, readable and diffable, for tools and version control: written and read by the
/// model's generated codec over XmlWriter and XmlReader (no XmlSerializer, no reflection). The document has the shape
/// XmlSerializer gave GameContent: the root named after the model's type, each member an element named by its key,
/// list items named by their type.
/// </summary>
internal sealed class XmlSaveFormat<T>(SaveModelCodec<T> codec) : ISaveFormat<T>
{
    public SaveFormat Id => SaveFormat.Xml;

    public void Write(IBufferWriter<byte> output, T content)
    {
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(content);
        using var stream = new MemoryStream();
        try
        {
            using (var writer = XmlSaveFormat.CreateWriter(stream))
            {
                writer.WriteStartDocument();
                codec.WriteXml(writer, content);
                writer.WriteEndDocument();
            }
        }
        catch (MissingValueException e)
        {
            throw MissingValues.AtSave(codec, content, e);
        }
        catch (InvalidTextException e)
        {
            throw new SaveEncodingException(
                $"The game could not be written as XML: {e.Message} Nothing was written. Save in MessagePack, which carries any text, or change the text.", innerException: e);
        }

        output.Write(stream.GetBuffer().AsSpan(0, (int)stream.Length));
    }

    public T Read(ReadOnlyMemory<byte> payload)
    {
        CodecSupport.TakeMissingRead();
        T? content;
        using (DecodeBudget.Open(payload.Length))
        {
            content = XmlSaveFormat.ReadDocument(payload, codec.ReadXml);
        }

        if (content is null)
        {
            throw new SaveCorruptedException("The XML payload holds nil instead of a game.");
        }

        if (CodecSupport.TakeMissingRead())
        {
            throw MissingValues.AtLoad(codec, content);
        }

        return content;
    }
}

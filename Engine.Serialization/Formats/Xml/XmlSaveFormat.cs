using System.Buffers;
using System.Text;
using System.Text.Unicode;
using System.Xml;
using Engine.Serialization.Errors;
using Engine.Serialization.Internal;

namespace Engine.Serialization.Formats.Xml;

/// <summary>How saves write and read XML: indented UTF-8 without a byte-order mark; reads refuse DTDs and external entities.</summary>
internal static class XmlSaveFormat
{
    internal static readonly XmlWriterSettings WriterSettings = new()
    {
        Encoding = new UTF8Encoding(encoderShouldEmitUTF8Identifier: false),
        Indent = true,

        // The same bytes on every system: the default is Environment.NewLine, CR LF on Windows.
        NewLineChars = "\n",

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

    private static readonly UTF8Encoding Utf8WithoutMark = new(encoderShouldEmitUTF8Identifier: false);

    /// <summary>
    /// Reads a payload's root element with <paramref name="readRoot"/>, which leaves the reader past it; nothing but
    /// whitespace may follow. What the reader refuses is damage, named with its line and position. The payload is UTF-8
    /// without a byte-order mark, and an XML declaration names no other encoding.
    /// </summary>
    internal static TRoot ReadDocument<TRoot>(ReadOnlyMemory<byte> payload, Func<XmlReader, TRoot> readRoot)
    {
        if (EncodingProblem(payload.Span) is { } problem)
        {
            throw new SaveCorruptedException($"The XML payload {problem}: a save's XML is UTF-8, without a byte-order mark.");
        }

        // Decoded here: reading the bytes itself, XmlReader would follow the XML declaration to another encoding.
        using var text = new StreamReader(PayloadStream.Over(payload), Utf8WithoutMark, detectEncodingFromByteOrderMarks: false, bufferSize: 1 << 14);
        using var reader = XmlReader.Create(text, ReaderSettingsFor(payload.Length));
        try
        {
            if (reader.Read() && reader.NodeType == XmlNodeType.XmlDeclaration
                && reader.GetAttribute("encoding") is { } encoding && !encoding.Equals("UTF-8", StringComparison.OrdinalIgnoreCase))
            {
                throw new SaveCorruptedException($"The XML payload declares the encoding \"{encoding}\": a save's XML is UTF-8.");
            }

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
        catch (Exception e) when (NewerValues.Refusal(e) is { } refusal)
        {
            throw refusal;
        }
        catch (Exception e) when (e is XmlException or FormatException or OverflowException or ArgumentException or InvalidOperationException)
        {
            throw new SaveCorruptedException($"The XML payload could not be read{Where(reader)}: {DecodeFailure.Describe(e)}.", innerException: e);
        }
    }

    /// <summary>
    /// Why a payload is not UTF-8 without a byte-order mark, as a clause, or null when it is. A NUL byte is U+0000, which
    /// XML never holds: UTF-16 and UTF-32 text has them.
    /// </summary>
    private static string? EncodingProblem(ReadOnlySpan<byte> payload)
    {
        if (payload is [0xEF, 0xBB, 0xBF, ..] or [0xFE, 0xFF, ..] or [0xFF, 0xFE, ..])
        {
            return "starts with a byte-order mark";
        }

        if (payload.IndexOf((byte)0) is var nul and >= 0)
        {
            return $"holds a NUL byte at offset {nul:N0}, as UTF-16 or UTF-32 text does";
        }

        if (Utf8.IsValid(payload))
        {
            return null;
        }

        int offset = 0;
        while (Rune.DecodeFromUtf8(payload[offset..], out _, out int length) == OperationStatus.Done)
        {
            offset += length;
        }

        return $"holds bytes that are not UTF-8 at offset {offset:N0} (0x{payload[offset]:X2})";
    }

    /// <summary>A UTF-8 document holds no more characters than its payload has bytes.</summary>
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
        using (LoadBudget.ForDecode(payload.Length))
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

using System.Buffers;
using System.ComponentModel;
using System.Globalization;
using System.Numerics;
using System.Text;
using System.Xml;
using System.Xml.Linq;

namespace Engine.Serialization.Internal;

/// <summary>
/// What generated XML codecs call: moving through elements, null as <c>xsi:nil</c>, and each value's text (the XML
/// Schema form XmlSerializer writes: XmlConvert's numbers, INF/NaN, ISO 8601 times and durations). Games don't call it.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class XmlCodec
{
    public const string InstanceNamespace = "http://www.w3.org/2001/XMLSchema-instance";

    /// <summary>
    /// How many levels of elements a load reads, the root being the first: two for each level a save may nest
    /// (<see cref="CodecSupport.MaxNesting"/>; a dictionary's entry and a multi-dimensional array's items are elements of
    /// their own), and a few for the document's, so that every save written loads. Elements a reader skips, or keeps
    /// for a newer game, count as much as the ones it reads.
    /// </summary>
    public const int MaxDepth = (2 * CodecSupport.MaxNesting) + 8;

    /// <summary>Writes <c>&lt;name xsi:nil="true" /&gt;</c>: a null the model allows.</summary>
    public static void WriteNil(XmlWriter writer, string name)
    {
        ArgumentNullException.ThrowIfNull(writer);
        writer.WriteStartElement(name);
        writer.WriteAttributeString("xsi", "nil", InstanceNamespace, "true");
        writer.WriteEndElement();
    }

    /// <summary>Writes <c>&lt;name&gt;text&lt;/name&gt;</c>, refusing text XML can't carry as the save's own error.</summary>
    public static void WriteText(XmlWriter writer, string name, string text)
    {
        ArgumentNullException.ThrowIfNull(writer);
        ArgumentNullException.ThrowIfNull(text);
        if (CharacterProblem(text) is { } problem)
        {
            throw new InvalidTextException($"The text \"{InvalidTextException.Excerpt(text)}\" holds {problem}, which XML can't carry.", new ArgumentException(problem));
        }

        writer.WriteElementString(name, text);
    }

    /// <summary>At an element: whether it is <c>xsi:nil="true"</c>, in which case it is skipped.</summary>
    public static bool ReadNil(XmlReader reader)
    {
        ArgumentNullException.ThrowIfNull(reader);
        if (reader.HasAttributes && reader.GetAttribute("nil", InstanceNamespace) is { } nil && XmlConvert.ToBoolean(nil))
        {
            Skip(reader);
            return true;
        }

        return false;
    }

    /// <summary>
    /// Enters the element the reader is at: true when it has content to read with <see cref="NextElement"/> and then
    /// <see cref="EndContent"/>; false, having moved past it, when it is empty.
    /// </summary>
    public static bool StartContent(XmlReader reader)
    {
        ArgumentNullException.ThrowIfNull(reader);
        CodecSupport.Creating();
        if (reader.IsEmptyElement)
        {
            reader.Read();
            return false;
        }

        reader.Read();
        return true;
    }

    /// <summary>Moves to the next child element, within the load's budget: true when there is one, false at the parent's end tag.</summary>
    public static bool NextElement(XmlReader reader)
    {
        ArgumentNullException.ThrowIfNull(reader);
        LoadBudget.Check();
        switch (reader.MoveToContent())
        {
            case XmlNodeType.Element:
                RefuseTooDeep(reader);
                return true;
            case XmlNodeType.EndElement:
                return false;
            default:
                throw new XmlException($"Unexpected {reader.NodeType} where an element or the end of <{reader.LocalName}> belongs.");
        }
    }

    /// <summary>Reads the end tag of the element <see cref="StartContent"/> entered.</summary>
    public static void EndContent(XmlReader reader)
    {
        ArgumentNullException.ThrowIfNull(reader);
        reader.ReadEndElement();
    }

    /// <summary>Moves past the element the reader is at and all it holds (what this build doesn't read), counting its depth.</summary>
    public static void Skip(XmlReader reader)
    {
        ArgumentNullException.ThrowIfNull(reader);
        int depth = reader.Depth;
        if (!reader.IsEmptyElement)
        {
            while (reader.Read() && reader.Depth > depth)
            {
                if (reader.NodeType == XmlNodeType.Element)
                {
                    RefuseTooDeep(reader);
                }
            }
        }

        reader.Read();
    }

    /// <summary>
    /// The element the reader is at, and all it holds, as an <see cref="XElement"/>, moving past it and counting its
    /// depth. Each element is added to its parent once it is complete, while that parent is not yet in a tree:
    /// XNode.ReadFrom adds each node to a tree already joined to its root, and XLinq walks up to the root at every
    /// addition, which makes a deep element cost the square of its depth.
    /// </summary>
    internal static XElement ReadElement(XmlReader reader)
    {
        ArgumentNullException.ThrowIfNull(reader);
        var open = new Stack<XElement>();
        XElement? read = null;
        do
        {
            switch (reader.NodeType)
            {
                case XmlNodeType.Element:
                    RefuseTooDeep(reader);
                    CodecSupport.Creating();
                    var element = new XElement(XNamespace.Get(reader.NamespaceURI).GetName(reader.LocalName));
                    if (reader.MoveToFirstAttribute())
                    {
                        do
                        {
                            // As XLinq names them: a namespace declaration without a prefix is the attribute "xmlns".
                            var name = XNamespace.Get(reader.Prefix.Length == 0 ? string.Empty : reader.NamespaceURI).GetName(reader.LocalName);
                            element.Add(new XAttribute(name, reader.Value));
                        }
                        while (reader.MoveToNextAttribute());
                        reader.MoveToElement();
                    }

                    if (reader.IsEmptyElement)
                    {
                        read = Completed(open, element);
                    }
                    else
                    {
                        open.Push(element);
                    }

                    break;
                case XmlNodeType.EndElement:
                    read = Completed(open, open.Pop());
                    break;
                case XmlNodeType.Text or XmlNodeType.Whitespace or XmlNodeType.SignificantWhitespace:
                    open.Peek().Add(new XText(reader.Value));
                    break;
                case XmlNodeType.CDATA:
                    open.Peek().Add(new XCData(reader.Value));
                    break;
                default:
                    throw new XmlException($"Unexpected {reader.NodeType} in <{open.Peek().Name.LocalName}>.");
            }
        }
        while (read is null && reader.Read());

        reader.Read();
        return read ?? throw new XmlException("The XML ends inside an element.");
    }

    /// <summary>Adds a completed element to the one holding it, or, for the outermost, returns it.</summary>
    private static XElement? Completed(Stack<XElement> open, XElement element)
    {
        if (open.Count == 0)
        {
            return element;
        }

        open.Peek().Add(element);
        return null;
    }

    private static void RefuseTooDeep(XmlReader reader)
    {
        if (reader.Depth >= MaxDepth)
        {
            throw new XmlException($"The XML nests elements deeper than {MaxDepth} levels.");
        }
    }

    /// <summary>The text of the element the reader is at, moving past it; a nil element is refused here, where the model needs a value.</summary>
    public static string ReadText(XmlReader reader)
    {
        RefuseNil(reader);
        return reader.ReadElementContentAsString();
    }

    public static byte ReadByte(XmlReader reader) => byte.Parse(NumberText(reader), Unsigned, NumberFormatInfo.InvariantInfo);

    public static sbyte ReadSByte(XmlReader reader) => sbyte.Parse(NumberText(reader), Signed, NumberFormatInfo.InvariantInfo);

    public static short ReadInt16(XmlReader reader) => short.Parse(NumberText(reader), Signed, NumberFormatInfo.InvariantInfo);

    public static ushort ReadUInt16(XmlReader reader) => ushort.Parse(NumberText(reader), Unsigned, NumberFormatInfo.InvariantInfo);

    public static int ReadInt32(XmlReader reader) => int.Parse(NumberText(reader), Signed, NumberFormatInfo.InvariantInfo);

    public static uint ReadUInt32(XmlReader reader) => uint.Parse(NumberText(reader), Unsigned, NumberFormatInfo.InvariantInfo);

    public static long ReadInt64(XmlReader reader) => long.Parse(NumberText(reader), Signed, NumberFormatInfo.InvariantInfo);

    public static ulong ReadUInt64(XmlReader reader) => ulong.Parse(NumberText(reader), Unsigned, NumberFormatInfo.InvariantInfo);

    public static float ReadSingle(XmlReader reader) => ParseSingle(NumberText(reader));

    public static double ReadDouble(XmlReader reader) => ParseDouble(NumberText(reader));

    /// <summary>
    /// As <see cref="XmlConvert.ToSingle(string)"/>, over a span, but holding to XML Schema's spellings (no "Infinity")
    /// and refusing a finite number beyond float's range, which XmlConvert makes infinity.
    /// </summary>
    internal static float ParseSingle(ReadOnlySpan<char> text)
    {
        text = FloatingText(text);
        return text switch
        {
            "INF" => float.PositiveInfinity,
            "-INF" => float.NegativeInfinity,
            "NaN" => float.NaN,
            _ => float.Parse(text, Floating, NumberFormatInfo.InvariantInfo) switch
            {
                var value when float.IsInfinity(value) => throw new OverflowException($"{text} is beyond what a float holds."),
                0 when text[0] == '-' => -0f,
                var value => value,
            },
        };
    }

    /// <summary>As <see cref="ParseSingle"/>, for a double.</summary>
    internal static double ParseDouble(ReadOnlySpan<char> text)
    {
        text = FloatingText(text);
        return text switch
        {
            "INF" => double.PositiveInfinity,
            "-INF" => double.NegativeInfinity,
            "NaN" => double.NaN,
            _ => double.Parse(text, Floating, NumberFormatInfo.InvariantInfo) switch
            {
                var value when double.IsInfinity(value) => throw new OverflowException($"{text} is beyond what a double holds."),
                0 when text[0] == '-' => -0d,
                var value => value,
            },
        };
    }

    /// <summary>The text of a float or double without the whitespace around it, refused unless XML Schema spells a number so.</summary>
    private static ReadOnlySpan<char> FloatingText(ReadOnlySpan<char> text)
    {
        text = text.Trim(XmlWhitespace);
        return text is "INF" or "-INF" or "NaN" || !text.ContainsAnyExcept(FloatingCharacters)
            ? text
            : throw new FormatException($"'{text}' is not a number as XML Schema writes one.");
    }

    private const NumberStyles Signed = NumberStyles.AllowLeadingWhite | NumberStyles.AllowTrailingWhite | NumberStyles.AllowLeadingSign;
    private const NumberStyles Unsigned = NumberStyles.AllowLeadingWhite | NumberStyles.AllowTrailingWhite;
    private const NumberStyles Floating = NumberStyles.AllowLeadingSign | NumberStyles.AllowDecimalPoint | NumberStyles.AllowExponent;
    private const string XmlWhitespace = " \t\n\r";

    private static readonly SearchValues<char> FloatingCharacters = SearchValues.Create("0123456789+-.eE");

    // A save's numbers are read into this buffer rather than a new string each: a height grid holds millions of them.
    [ThreadStatic]
    private static char[]? _numberText;

    /// <summary>
    /// The text of the element the reader is at, moving past it, as <see cref="XmlReader.ReadElementContentAsString()"/>
    /// reads it, in a buffer that the next call reuses.
    /// </summary>
    private static ReadOnlySpan<char> NumberText(XmlReader reader)
    {
        RefuseNil(reader);
        if (!reader.CanReadValueChunk || reader.NodeType != XmlNodeType.Element)
        {
            return reader.ReadElementContentAsString();
        }

        if (reader.IsEmptyElement)
        {
            reader.Read();
            return [];
        }

        var buffer = _numberText ??= new char[64];
        int length = 0;
        reader.Read();
        while (reader.NodeType != XmlNodeType.EndElement)
        {
            if (reader.NodeType is not (XmlNodeType.Text or XmlNodeType.CDATA or XmlNodeType.Whitespace or XmlNodeType.SignificantWhitespace))
            {
                throw new XmlException($"<{reader.LocalName}> is a {reader.NodeType} where a number's text belongs.");
            }

            int read;
            while ((read = reader.ReadValueChunk(buffer, length, buffer.Length - length)) > 0)
            {
                length += read;
                if (length == buffer.Length)
                {
                    // No number is this long; a hostile one costs this call a copy, and isn't kept.
                    Array.Resize(ref buffer, buffer.Length * 2);
                }
            }

            reader.Read();
        }

        reader.Read();
        return buffer.AsSpan(0, length);
    }

    private static void RefuseNil(XmlReader reader)
    {
        ArgumentNullException.ThrowIfNull(reader);
        if (reader.HasAttributes && reader.GetAttribute("nil", InstanceNamespace) is { } nil && XmlConvert.ToBoolean(nil))
        {
            throw new XmlException($"<{reader.LocalName}> is nil where a value is needed.");
        }
    }

    /// <summary>Why a string can't be XML text ("the character U+0001", "a lone surrogate"), or null when it can.</summary>
    internal static string? CharacterProblem(string text)
    {
        if (text.AsSpan().IndexOfAnyExceptInRange('\u0020', '\uD7FF') < 0)
        {
            return null;
        }

        if (CodecSupport.HasLoneSurrogate(text))
        {
            return "a lone surrogate (half of a character)";
        }

        foreach (char c in text)
        {
            if (!char.IsSurrogate(c) && !XmlConvert.IsXmlChar(c))
            {
                return $"the character U+{(int)c:X4}";
            }
        }

        return null;
    }

    // Each value's text, in the XML Schema forms: what the writers write and the readers read.
    public static string Text(bool value) => XmlConvert.ToString(value);

    public static string Text(byte value) => XmlConvert.ToString(value);

    public static string Text(sbyte value) => XmlConvert.ToString(value);

    public static string Text(short value) => XmlConvert.ToString(value);

    public static string Text(ushort value) => XmlConvert.ToString(value);

    public static string Text(int value) => XmlConvert.ToString(value);

    public static string Text(uint value) => XmlConvert.ToString(value);

    public static string Text(long value) => XmlConvert.ToString(value);

    public static string Text(ulong value) => XmlConvert.ToString(value);

    public static string Text(float value) => XmlConvert.ToString(value);

    public static string Text(double value) => XmlConvert.ToString(value);

    /// <summary>A char as its UTF-16 code unit, as XmlSerializer writes it: any char is a number, while not every char is XML text.</summary>
    public static string Text(char value) => XmlConvert.ToString((ushort)value);

    public static string Text(decimal value) => XmlConvert.ToString(value);

    public static string Text(Half value) => XmlConvert.ToString((float)value);

    public static string Text(Int128 value) => value.ToString(CultureInfo.InvariantCulture);

    public static string Text(UInt128 value) => value.ToString(CultureInfo.InvariantCulture);

    public static string Text(BigInteger value) => value.ToString(CultureInfo.InvariantCulture);

    public static string Text(Guid value) => value.ToString("D");

    /// <summary>The instant, in UTC, as MessagePack keeps it (a local time becomes UTC; an unspecified one is taken as UTC).</summary>
    public static string Text(DateTime value) => XmlConvert.ToString(CodecSupport.Instant(value), XmlDateTimeSerializationMode.Utc);

    public static string Text(DateTimeOffset value) => XmlConvert.ToString(value);

    public static string Text(TimeSpan value) => XmlConvert.ToString(value);

    public static string Text(DateOnly value) => value.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture);

    public static string Text(TimeOnly value) => value.ToString("HH:mm:ss.fffffff", CultureInfo.InvariantCulture);

    public static string Text(Rune value) => XmlConvert.ToString(value.Value);

    public static string Text(Uri value)
    {
        ArgumentNullException.ThrowIfNull(value);
        return value.OriginalString;
    }

    public static string Text(Version value)
    {
        ArgumentNullException.ThrowIfNull(value);
        return value.ToString();
    }

    public static string Text(byte[] value) => Convert.ToBase64String(value);

    /// <summary>An enum as its member's name, a combination of flags as their names separated by spaces (as XmlSerializer writes them), anything else as its number.</summary>
    public static string EnumText<T>(T value)
        where T : struct, Enum => value.ToString().Replace(", ", " ", StringComparison.Ordinal);

    public static T ToEnum<T>(string text)
        where T : struct, Enum
    {
        ArgumentNullException.ThrowIfNull(text);
        var names = string.Join(", ", text.Split((char[]?)null, StringSplitOptions.RemoveEmptyEntries));
        if (Enum.TryParse<T>(names, ignoreCase: false, out var value) && names.Length > 0)
        {
            return value;
        }

        // A number its type can't hold is damage, not a newer game's value: no enum of the type could declare it.
        return names.Length > 0 && (char.IsAsciiDigit(names[0]) || names[0] is '-' or '+')
            ? throw new OverflowException($"{text} is beyond what a {typeof(T).Name} holds.")
            : throw CodecSupport.UnknownEnumName(typeof(T).FullName!, text);
    }

    public static bool ToBoolean(string text) => XmlConvert.ToBoolean(text);

    public static char ToChar(string text) => (char)XmlConvert.ToUInt16(text);

    public static decimal ToDecimal(string text) => XmlConvert.ToDecimal(text);

    public static Half ToHalf(string text) => CodecSupport.ToHalf(ParseSingle(text));

    public static Int128 ToInt128(string text) => Int128.Parse(text.AsSpan().Trim(), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);

    public static UInt128 ToUInt128(string text) => UInt128.Parse(text.AsSpan().Trim(), NumberStyles.None, CultureInfo.InvariantCulture);

    public static BigInteger ToBigInteger(string text) => BigInteger.Parse(text.AsSpan().Trim(), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);

    public static Guid ToGuid(string text) => Guid.Parse(text.AsSpan().Trim());

    public static DateTime ToDateTime(string text) => XmlConvert.ToDateTime(text, XmlDateTimeSerializationMode.Utc);

    public static DateTimeOffset ToDateTimeOffset(string text) => XmlConvert.ToDateTimeOffset(text);

    public static TimeSpan ToTimeSpan(string text) => XmlConvert.ToTimeSpan(text);

    public static DateOnly ToDateOnly(string text) => DateOnly.ParseExact(text.AsSpan().Trim(), "yyyy-MM-dd", CultureInfo.InvariantCulture);

    public static TimeOnly ToTimeOnly(string text) => TimeOnly.ParseExact(text.AsSpan().Trim(), "HH:mm:ss.fffffff", CultureInfo.InvariantCulture);

    public static Rune ToRune(string text) => new(XmlConvert.ToInt32(text));

    public static Uri ToUri(string text) => new(text, UriKind.RelativeOrAbsolute);

    public static Version ToVersion(string text) => Version.Parse(text.AsSpan().Trim());

    public static byte[] ToBytes(string text) => Convert.FromBase64String(text);
}

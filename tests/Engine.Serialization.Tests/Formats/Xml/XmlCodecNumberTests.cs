using System.Xml;
using Engine.Serialization.Internal;

namespace Engine.Serialization.Tests.Formats.Xml;

/// <summary>
/// XmlCodec reads numbers from a reused buffer instead of a string each; XmlConvert, which XmlSerializer used, is the
/// oracle: the same value for every text it accepts, a refusal of the same kind for every text it refuses. Where
/// docs/FORMAT.md ("Numbers") makes XmlCodec stricter, the oracle is too (<see cref="Strict"/>).
/// </summary>
public sealed class XmlCodecNumberTests
{
    private static readonly string[] Texts =
    [
        "0", "-0", "+0", "1", "-1", "+7", " 42 ", "\t\n42\r\n", "0042", "1.5", "-1.5", "1e3", "1E-3", "-0.0", "3.4028235E+38",
        "3.5E+38", "1.7976931348623157E+308", "2E+308", "4.9E-324", "1.401298E-45", "INF", "-INF", " INF ", "NaN", "Infinity",
        "-Infinity", "inf", "+INF", "", " ", "1,5", "1 2", "0x10", "255", "256", "-129", "127", "-128", "32767", "32768",
        "65535", "65536", "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967295", "4294967296",
        "9223372036854775807", "9223372036854775808", "18446744073709551615", "18446744073709551616", "-5", ".5", "5.",
        "1e", "--1", "٣", "\u00a01", new string('0', 200) + "1",
    ];

    public static TheoryData<string> Cases() => [.. Texts];

    [Theory]
    [MemberData(nameof(Cases))]
    public void Read_Text_AgreesWithXmlConvert(string text)
    {
        Agree(text, XmlConvert.ToByte, XmlCodec.ReadByte);
        Agree(text, XmlConvert.ToSByte, XmlCodec.ReadSByte);
        Agree(text, XmlConvert.ToInt16, XmlCodec.ReadInt16);
        Agree(text, XmlConvert.ToUInt16, XmlCodec.ReadUInt16);
        Agree(text, XmlConvert.ToInt32, XmlCodec.ReadInt32);
        Agree(text, XmlConvert.ToUInt32, XmlCodec.ReadUInt32);
        Agree(text, XmlConvert.ToInt64, XmlCodec.ReadInt64);
        Agree(text, XmlConvert.ToUInt64, XmlCodec.ReadUInt64);
        Agree(text, s => BitConverter.SingleToInt32Bits(Strict(s, XmlConvert.ToSingle)), r => BitConverter.SingleToInt32Bits(XmlCodec.ReadSingle(r)));
        Agree(text, s => BitConverter.DoubleToInt64Bits(Strict(s, XmlConvert.ToDouble)), r => BitConverter.DoubleToInt64Bits(XmlCodec.ReadDouble(r)));
    }

    [Fact]
    public void Read_TextSplitByCommentAndCData_ReadsItWhole()
    {
        using var reader = Reader("<v>1<![CDATA[2]]>3</v>");

        Assert.Equal(123, XmlCodec.ReadInt32(reader));
        Assert.Equal(XmlNodeType.None, reader.NodeType);
    }

    [Fact]
    public void Read_ElementHoldingAnElement_IsRefused()
    {
        using var reader = Reader("<v>1<w/></v>");

        Assert.Throws<XmlException>(() => XmlCodec.ReadInt32(reader));
    }

    [Fact]
    public void Read_Nil_IsRefused()
    {
        using var reader = Reader($"<v xmlns:xsi=\"{XmlCodec.InstanceNamespace}\" xsi:nil=\"true\" />");

        Assert.Throws<XmlException>(() => XmlCodec.ReadSingle(reader));
    }

    [Fact]
    public void Read_NumbersOneAfterAnother_EachReadsItsOwnText()
    {
        using var reader = Reader("<a><v>123456789012</v><v>7</v><v/><v>-0.5</v></a>");
        reader.ReadStartElement();

        Assert.Equal(123456789012L, XmlCodec.ReadInt64(reader));
        Assert.Equal(7, XmlCodec.ReadInt32(reader));
        Assert.Throws<FormatException>(() => XmlCodec.ReadInt32(reader));
        Assert.Equal(-0.5f, XmlCodec.ReadSingle(reader));
        Assert.Equal(XmlNodeType.EndElement, reader.NodeType);
    }

    /// <summary>
    /// XmlConvert's float or double, except that an infinity from anything but INF or -INF is refused: a finite number
    /// beyond the type's range as an overflow, .NET's own spellings ("Infinity") as no number XML Schema writes.
    /// </summary>
    private static T Strict<T>(string text, Func<string, T> convert)
        where T : System.Numerics.IFloatingPointIeee754<T>
    {
        T value = convert(text);
        string number = text.Trim(' ', '\t', '\n', '\r');
        if (T.IsInfinity(value) && number is not ("INF" or "-INF"))
        {
            throw number.Any(c => char.IsLetter(c) && c is not ('e' or 'E')) ? new FormatException() : new OverflowException();
        }

        return value;
    }

    private static void Agree<T>(string text, Func<string, T> oracle, Func<XmlReader, T> read)
    {
        object expected;
        try
        {
            expected = oracle(text)!;
        }
        catch (Exception e) when (e is FormatException or OverflowException)
        {
            expected = e.GetType();
        }

        object actual;
        using var reader = Reader("<v>" + System.Security.SecurityElement.Escape(text) + "</v>");
        try
        {
            actual = read(reader)!;
        }
        catch (Exception e) when (e is FormatException or OverflowException)
        {
            actual = e.GetType();
        }

        Assert.True(expected.Equals(actual), $"{typeof(T).Name} of \"{text}\": XmlConvert gives {expected}, XmlCodec {actual}");
    }

    private static XmlReader Reader(string xml)
    {
        var reader = XmlReader.Create(new StringReader(xml), new XmlReaderSettings { IgnoreComments = true, IgnoreProcessingInstructions = true });
        reader.MoveToContent();
        return reader;
    }
}

using System.Buffers;
using System.Globalization;
using System.Numerics;
using System.Text;
using System.Text.RegularExpressions;
using Engine.Serialization.Container;
using Engine.Serialization.Tests.Formats.Protobuf;
using Engine.Serialization.Tests.Fuzzing;
using Engine.Testing;
using MessagePack;
using ProtoBuf;

namespace Engine.Serialization.Tests.Formats;

/// <summary>
/// docs/FORMAT.md, "Numbers": what each format's reader takes for a number member, one encoding at a time in a payload
/// holding only that member. "refused" means the load throws <see cref="SaveCorruptedException"/> (or, for a number past
/// its member's type, <see cref="UnsupportedSaveVersionException"/>); otherwise the member
/// loads as the value given (invariant text; floats, and a Half as a float, in their round-trip form).
/// </summary>
public sealed class NumberRulesTests
{
    private const string Refused = "refused";

    // MessagePack: an integer member takes any integer encoding whose value its type holds, and nothing else; a bool only
    // true or false.
    [Theory]
    [InlineData("Int32", "uint64 5", "5")]
    [InlineData("Int32", "int8 -5", "-5")]
    [InlineData("Int32", "int64 2147483647", "2147483647")]
    [InlineData("Int32", "int64 2147483648", Refused)]
    [InlineData("Int32", "float32 1", Refused)]
    [InlineData("Int32", "float64 1", Refused)]
    [InlineData("Int32", "nil", Refused)]
    [InlineData("Int32", "true", Refused)]
    [InlineData("Int32", "str 5", Refused)]
    [InlineData("SByte", "int16 -128", "-128")]
    [InlineData("SByte", "uint8 128", Refused)]
    [InlineData("Byte", "int64 200", "200")]
    [InlineData("Byte", "int8 -1", Refused)]
    [InlineData("UInt16", "uint32 65535", "65535")]
    [InlineData("UInt32", "int64 4294967295", "4294967295")]
    [InlineData("UInt32", "int64 -1", Refused)]
    [InlineData("Int64", "uint64 9223372036854775807", "9223372036854775807")]
    [InlineData("Int64", "uint64 9223372036854775808", Refused)]
    [InlineData("UInt64", "uint64 18446744073709551615", "18446744073709551615")]
    [InlineData("UInt64", "int8 -1", Refused)]
    [InlineData("Char", "uint16 65", "A")]
    [InlineData("Char", "uint32 65536", Refused)]
    [InlineData("Char", "str A", Refused)]
    [InlineData("Tone", "uint8 7", "7")]
    [InlineData("Tone", "int64 1099511627776", Refused)]
    [InlineData("Tone", "float32 1", Refused)]
    [InlineData("Wide", "uint64 9223372036854775808", "9223372036854775808")]
    [InlineData("Flag", "true", "True")]
    [InlineData("Flag", "uint8 1", Refused)]
    public void Load_MessagePackIntegerOrBool(string member, string encoding, string expected) => Expect(expected, () => LoadMessagePack(member, encoding));

    // MessagePack: a float takes float32, and float64 or any integer rounded to the nearest float32, but no finite number
    // beyond float's range (MessagePackReader.ReadSingle would make it infinity); a double takes any number.
    [Theory]
    [InlineData("Single", "float32 1.5", "1.5")]
    [InlineData("Single", "float64 0.1", "0.1")]
    [InlineData("Single", "float64 3.4028234663852886E+38", "3.4028235E+38")]
    [InlineData("Single", "float64 3.5E+38", Refused)]
    [InlineData("Single", "float64 -1E+300", Refused)]
    [InlineData("Single", "float64 1E-50", "0")]
    [InlineData("Single", "float64 NaN", "NaN")]
    [InlineData("Single", "float64 -Infinity", "-Infinity")]
    [InlineData("Single", "int32 16777217", "16777216")]
    [InlineData("Single", "uint64 18446744073709551615", "1.8446744E+19")]
    [InlineData("Single", "str 1", Refused)]
    [InlineData("Single", "nil", Refused)]
    [InlineData("Singles", "float64 3.5E+38", Refused)] // an item in another encoding than a run of float32s
    [InlineData("Singles", "int8 3", "3")]
    [InlineData("Double", "float32 0.1", "0.10000000149011612")]
    [InlineData("Double", "float64 1E+300", "1E+300")]
    [InlineData("Double", "int64 9007199254740993", "9007199254740992")]
    [InlineData("Double", "true", Refused)]
    [InlineData("Half", "float32 1.5", "1.5")]
    [InlineData("Half", "float64 65504", "65504")]
    [InlineData("Half", "float32 70000", Refused)]
    [InlineData("Half", "float32 Infinity", "Infinity")]
    [InlineData("Half", "int8 3", "3")]
    public void Load_MessagePackFloatingPoint(string member, string encoding, string expected) => Expect(expected, () => LoadMessagePack(member, encoding));

    // MessagePack: decimal as its invariant text in a str (MessagePack-CSharp's DecimalFormatter); Int128 and UInt128 as
    // 16 little-endian bytes, BigInteger as any number of them (bin; a str's bytes too, as MessagePack's older spec wrote bytes).
    [Theory]
    [InlineData("Decimal", "str 1.5", "1.5")]
    [InlineData("Decimal", "str -1E3", "-1000")]
    [InlineData("Decimal", "str +1.5", "1.5")]
    [InlineData("Decimal", "str 0.12345678901234567890123456789012345678", "0.1234567890123456789012345679")]
    [InlineData("Decimal", "str 1E40", Refused)]
    [InlineData("Decimal", "str  1", Refused)]
    [InlineData("Decimal", "str 1,5", Refused)]
    [InlineData("Decimal", "int8 5", Refused)]
    [InlineData("Decimal", "float64 1.5", Refused)]
    [InlineData("Int128", "bin 16", "-2")]
    [InlineData("Int128", "str16 16", "-2")]
    [InlineData("Int128", "bin 8", Refused)]
    [InlineData("Int128", "int8 5", Refused)]
    [InlineData("UInt128", "bin 16", "340282366920938463463374607431768211454")]
    [InlineData("BigInteger", "bin 3", "-2")]
    [InlineData("BigInteger", "bin 0", "0")]
    [InlineData("BigInteger", "int8 5", Refused)]
    public void Load_MessagePackTextAndBytesNumbers(string member, string encoding, string expected) => Expect(expected, () => LoadMessagePack(member, encoding));

    // XML: XML Schema's text. Integers: digits, a sign for signed types only, whitespace around (an enum's number too, which
    // its type must hold); floats: also a point and an exponent, INF, -INF and NaN, rounded to the nearest; a finite number
    // beyond the type's range is refused; bools true, false, 1 or 0.
    [Theory]
    [InlineData("Int32", " +7 ", "7")]
    [InlineData("Int32", "-0042", "-42")]
    [InlineData("Int32", "2147483648", Refused)]
    [InlineData("Int32", "1.0", Refused)]
    [InlineData("Int32", "1e3", Refused)]
    [InlineData("Int32", "0x10", Refused)]
    [InlineData("Byte", "255", "255")]
    [InlineData("Byte", "+5", Refused)]
    [InlineData("Byte", "256", Refused)]
    [InlineData("UInt64", "18446744073709551615", "18446744073709551615")]
    [InlineData("UInt64", "-1", Refused)]
    [InlineData("Char", "65", "A")]
    [InlineData("Char", "+65", Refused)]
    [InlineData("Char", "A", Refused)]
    [InlineData("Tone", "7", "7")]
    [InlineData("Tone", " High ", "1")]
    [InlineData("Tone", "4294967296", Refused)]
    [InlineData("Tone", "-2147483649", Refused)]
    [InlineData("Flag", " 1 ", "True")]
    [InlineData("Flag", "false", "False")]
    [InlineData("Flag", "TRUE", Refused)]
    [InlineData("Flag", "2", Refused)]
    [InlineData("Single", "1.5e0", "1.5")]
    [InlineData("Single", "0.1", "0.1")]
    [InlineData("Single", "3.4028235E+38", "3.4028235E+38")]
    [InlineData("Single", "3.5E+38", Refused)]
    [InlineData("Single", "1e-50", "0")]
    [InlineData("Single", " INF ", "Infinity")]
    [InlineData("Single", "-INF", "-Infinity")]
    [InlineData("Single", "NaN", "NaN")]
    [InlineData("Single", "Infinity", Refused)]
    [InlineData("Single", "+INF", Refused)]
    [InlineData("Single", "nan", Refused)]
    [InlineData("Single", "1,5", Refused)]
    [InlineData("Double", "1.7976931348623157E+308", "1.7976931348623157E+308")]
    [InlineData("Double", "2E+308", Refused)]
    [InlineData("Half", "65504", "65504")]
    [InlineData("Half", "70000", Refused)]
    [InlineData("Half", "INF", "Infinity")]
    [InlineData("Decimal", " -1.5 ", "-1.5")]
    [InlineData("Decimal", "1e3", Refused)]
    [InlineData("Decimal", "100000000000000000000000000000", Refused)]
    [InlineData("Int128", " -170141183460469231731687303715884105728 ", "-170141183460469231731687303715884105728")]
    [InlineData("UInt128", "+1", Refused)]
    [InlineData("BigInteger", "-123456789012345678901234567890", "-123456789012345678901234567890")]
    [InlineData("BigInteger", "1.0", Refused)]
    public void Load_XmlNumber(string member, string text, string expected) => Expect(expected, () => LoadXml(member, text));

    // protobuf: an integer is a varint only, read as 64 bits (a negative int32 or int64 in ten bytes) and held to its
    // member's type, never truncated; a ulong is a fixed64, or a varint in uint's range (a narrower unsigned member's);
    // a bool a varint 0 or 1; a float fixed32, or fixed64 rounded to the nearest float (none beyond its range), a double
    // fixed64 or fixed32; decimal its invariant text.
    [Theory]
    [InlineData("Int32", "varint -1", "-1")]
    [InlineData("Int32", "varint 2147483647", "2147483647")]
    [InlineData("Int32", "varint 4294967295", Refused)]
    [InlineData("Int32", "varint 1099511627776", Refused)]
    [InlineData("Int32", "fixed32 7", Refused)]
    [InlineData("Int32", "fixed64 7", Refused)]
    [InlineData("Int32s", "packed 1099511627776", Refused)]
    [InlineData("Int32s", "varint -3", "-3")]
    [InlineData("Int32s", "fixed32 7", Refused)]
    [InlineData("SByte", "varint -128", "-128")]
    [InlineData("SByte", "varint 128", Refused)]
    [InlineData("UInt32", "varint 4294967295", "4294967295")]
    [InlineData("UInt32", "varint -1", Refused)]
    [InlineData("Char", "varint 65", "A")]
    [InlineData("Int64", "varint -9223372036854775808", "-9223372036854775808")]
    [InlineData("UInt64", "fixed64 18446744073709551615", "18446744073709551615")]
    [InlineData("UInt64", "varint 5", "5")]
    [InlineData("UInt64", "varint 4294967295", "4294967295")]
    [InlineData("UInt64", "varint 4294967296", Refused)]
    [InlineData("UInt64", "varint -1", Refused)]
    [InlineData("Flag", "varint 1", "True")]
    [InlineData("Flag", "varint 2", Refused)]
    [InlineData("Flag", "fixed32 1", Refused)]
    [InlineData("Tone", "varint -1", "-1")]
    [InlineData("Tone", "varint 4294967297", Refused)]
    [InlineData("Tones", "packed 4294967297", Refused)]
    [InlineData("Tones", "varint 4294967297", Refused)]
    [InlineData("Wide", "varint -9223372036854775808", "9223372036854775808")]
    [InlineData("Single", "fixed64 0.1", "0.1")]
    [InlineData("Single", "fixed64 1E+300", Refused)]
    [InlineData("Single", "varint 3", Refused)]
    [InlineData("Singles", "fixed64 1E+300", Refused)]
    [InlineData("Double", "fixed32 0.1", "0.10000000149011612")]
    [InlineData("Half", "fixed32 70000.0", Refused)]
    [InlineData("Half", "fixed32 1.5", "1.5")]
    [InlineData("Decimal", "text -1.5", "-1.5")]
    [InlineData("Decimal", "text 1,000", Refused)]
    [InlineData("Decimal", "text  1", Refused)]
    [InlineData("Decimal", "text 1E3", Refused)]
    [InlineData("Int128", "text -5", "-5")]
    [InlineData("Int128", "text  5", Refused)]
    public void Load_ProtobufNumber(string member, string encoding, string expected) => Expect(expected, () => LoadProtobuf(member, encoding));

    // What MessagePack-CSharp writes for the same model, every number at its edges, still loads as written.
    [Fact]
    public void Load_WhatMessagePackCSharpWritesAtTheEdges_LoadsAsWritten()
    {
        var options = MessagePackSerializerOptions.Standard;
        foreach (var numbers in new[] { Numbers.Edges(max: true), Numbers.Edges(max: false) })
        {
            byte[] payload = MessagePackSerializer.Serialize(numbers, options);

            var loaded = SaveSerializer.Load<Numbers>(Frame(SaveFormat.MessagePack, payload));

            GraphAssert.Equal(numbers, loaded);
            GraphAssert.Equal(numbers, MessagePackSerializer.Deserialize<Numbers>(SaveSerializer.ReadPayload<Numbers>(SaveSerializer.Save(numbers)).Payload, options));
        }
    }

    // What each format's writer writes at the edges loads back as written.
    [Theory]
    [InlineData(SaveFormat.MessagePack)]
    [InlineData(SaveFormat.Xml)]
    [InlineData(SaveFormat.Protobuf)]
    public void Save_NumbersAtTheEdges_LoadAsSaved(SaveFormat format)
    {
        foreach (var numbers in new[] { Numbers.Edges(max: true), Numbers.Edges(max: false) })
        {
            GraphAssert.Equal(numbers, SaveSerializer.Load<Numbers>(SaveSerializer.Save(numbers, options: new SaveOptions { Format = format })));
        }
    }

    private static void Expect(string expected, Func<object?> load)
    {
        if (expected == Refused)
        {
            // Damage, or a number past its member's type, which a newer release may have written (docs/GUIDE.md).
            var error = Assert.ThrowsAny<SaveException>(load);
            Assert.True(error is SaveCorruptedException or UnsupportedSaveVersionException, error.GetType().Name);
            return;
        }

        object? value = load();
        string text = value switch
        {
            float f => f.ToString("R", CultureInfo.InvariantCulture),
            double d => d.ToString("R", CultureInfo.InvariantCulture),
            Half h => ((float)h).ToString("R", CultureInfo.InvariantCulture),
            System.Collections.IEnumerable items and not string => string.Join(",", items.Cast<object>().Select(Text)),
            _ => Text(value),
        };
        Assert.Equal(expected, text);

        static string Text(object? item) => item switch
        {
            Enum e => e.GetType().GetEnumUnderlyingType() == typeof(ulong)
                ? Convert.ToUInt64(e, CultureInfo.InvariantCulture).ToString(CultureInfo.InvariantCulture)
                : Convert.ToInt64(e, CultureInfo.InvariantCulture).ToString(CultureInfo.InvariantCulture),
            IFormattable f => f.ToString(null, CultureInfo.InvariantCulture),
            _ => item?.ToString() ?? "null",
        };
    }

    private static object? LoadMessagePack(string member, string encoding)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new MessagePackWriter(buffer);
        writer.WriteMapHeader(1);
        writer.Write(member);
        bool list = member == "Singles";
        if (list)
        {
            writer.WriteArrayHeader(2);
            writer.Write(1f);
        }

        string[] parts = encoding.Split(' ', 2);
        string text = parts.Length > 1 ? parts[1] : "";
        switch (parts[0])
        {
            case "int8": writer.WriteInt8(sbyte.Parse(text, CultureInfo.InvariantCulture)); break;
            case "int16": writer.WriteInt16(short.Parse(text, CultureInfo.InvariantCulture)); break;
            case "int32": writer.WriteInt32(int.Parse(text, CultureInfo.InvariantCulture)); break;
            case "int64": writer.WriteInt64(long.Parse(text, CultureInfo.InvariantCulture)); break;
            case "uint8": writer.WriteUInt8(byte.Parse(text, CultureInfo.InvariantCulture)); break;
            case "uint16": writer.WriteUInt16(ushort.Parse(text, CultureInfo.InvariantCulture)); break;
            case "uint32": writer.WriteUInt32(uint.Parse(text, CultureInfo.InvariantCulture)); break;
            case "uint64": writer.WriteUInt64(ulong.Parse(text, CultureInfo.InvariantCulture)); break;
            case "float32": writer.Write(float.Parse(text, CultureInfo.InvariantCulture)); break;
            case "float64": writer.Write(double.Parse(text, CultureInfo.InvariantCulture)); break;
            case "nil": writer.WriteNil(); break;
            case "true": writer.Write(true); break;
            case "str": writer.Write(text); break;
            case "bin": writer.Write(LittleEndianMinusTwo(int.Parse(text, CultureInfo.InvariantCulture))); break;
            default:
                writer.WriteString(LittleEndianMinusTwo(int.Parse(text, CultureInfo.InvariantCulture))); // "str16": bytes under a str header
                break;
        }

        writer.Flush();
        var loaded = SaveSerializer.Load<Numbers>(Frame(SaveFormat.MessagePack, buffer.WrittenSpan.ToArray()));
        object? value = typeof(Numbers).GetProperty(member)!.GetValue(loaded);
        return list ? ((System.Collections.IList)value!)[1] : value;
    }

    /// <summary>-2 as <paramref name="length"/> little-endian two's-complement bytes (none for 0, which is zero).</summary>
    private static byte[] LittleEndianMinusTwo(int length) => length == 0 ? [] : [0xFE, .. Enumerable.Repeat((byte)0xFF, length - 1)];

    private static object? LoadXml(string member, string text)
    {
        string xml = $"<Numbers><{member}>{System.Security.SecurityElement.Escape(text)}</{member}></Numbers>";
        var loaded = SaveSerializer.Load<Numbers>(Frame(SaveFormat.Xml, Encoding.UTF8.GetBytes(xml)));
        return typeof(Numbers).GetProperty(member)!.GetValue(loaded);
    }

    private static object? LoadProtobuf(string member, string encoding)
    {
        string snake = Regex.Replace(member, "(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_").ToLowerInvariant();
        int field = ProtoPayloads.FieldNumber<Numbers>(snake);
        string[] parts = encoding.Split(' ', 2);
        string text = parts[1];
        var buffer = new ArrayBufferWriter<byte>();
        var writer = ProtoWriter.State.Create(buffer, model: null);
        try
        {
            switch (parts[0])
            {
                case "varint":
                    writer.WriteFieldHeader(field, WireType.Varint);
                    writer.WriteUInt64(text.StartsWith('-') ? unchecked((ulong)long.Parse(text, CultureInfo.InvariantCulture)) : ulong.Parse(text, CultureInfo.InvariantCulture));
                    break;
                case "packed":
                    writer.WriteFieldHeader(field, WireType.String);
                    writer.WriteBytes(ProtoPayloads.Varint(ulong.Parse(text, CultureInfo.InvariantCulture)));
                    break;
                case "fixed32":
                    writer.WriteFieldHeader(field, WireType.Fixed32);
                    if (uint.TryParse(text, CultureInfo.InvariantCulture, out uint whole))
                    {
                        writer.WriteUInt32(whole);
                    }
                    else
                    {
                        writer.WriteSingle(float.Parse(text, CultureInfo.InvariantCulture));
                    }

                    break;
                case "fixed64":
                    writer.WriteFieldHeader(field, WireType.Fixed64);
                    if (ulong.TryParse(text, CultureInfo.InvariantCulture, out ulong large))
                    {
                        writer.WriteUInt64(large);
                    }
                    else
                    {
                        writer.WriteDouble(double.Parse(text, CultureInfo.InvariantCulture));
                    }

                    break;
                default:
                    writer.WriteFieldHeader(field, WireType.String);
                    writer.WriteString(text);
                    break;
            }

            writer.Close();
        }
        finally
        {
            writer.Dispose();
        }

        var loaded = SaveSerializer.Load<Numbers>(Frame(SaveFormat.Protobuf, buffer.WrittenSpan.ToArray()));
        object? value = typeof(Numbers).GetProperty(member)!.GetValue(loaded);
        return value is System.Collections.IList { Count: 1 } one ? one[0] : value;
    }

    private static byte[] Frame(SaveFormat format, byte[] payload) =>
        SaveFiles.Frame(format, SaveCompression.None, payload, new SaveMetadata { ModelId = Numbers.ModelId });
}

/// <summary>One member of each number type a model may hold.</summary>
[SaveModel(Id = ModelId)]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class Numbers
{
    public const string ModelId = "tests.numbers";

    public sbyte SByte { get; set; }

    public byte Byte { get; set; }

    public short Int16 { get; set; }

    public ushort UInt16 { get; set; }

    public int Int32 { get; set; }

    public uint UInt32 { get; set; }

    public long Int64 { get; set; }

    public ulong UInt64 { get; set; }

    public char Char { get; set; }

    public bool Flag { get; set; }

    public float Single { get; set; }

    public double Double { get; set; }

    public Half Half { get; set; }

    public decimal Decimal { get; set; }

    public Int128 Int128 { get; set; }

    public UInt128 UInt128 { get; set; }

    public BigInteger BigInteger { get; set; }

    public Tone Tone { get; set; }

    public Wide Wide { get; set; }

    public List<float> Singles { get; set; } = [];

    public List<int> Int32s { get; set; } = [];

    public List<Tone> Tones { get; set; } = [];

    /// <summary>Each member at its largest (or smallest) value, the floats' lists with their special values.</summary>
    public static Numbers Edges(bool max) => new()
    {
        SByte = max ? sbyte.MaxValue : sbyte.MinValue,
        Byte = max ? byte.MaxValue : byte.MinValue,
        Int16 = max ? short.MaxValue : short.MinValue,
        UInt16 = max ? ushort.MaxValue : ushort.MinValue,
        Int32 = max ? int.MaxValue : int.MinValue,
        UInt32 = max ? uint.MaxValue : uint.MinValue,
        Int64 = max ? long.MaxValue : long.MinValue,
        UInt64 = max ? ulong.MaxValue : ulong.MinValue,
        Char = max ? char.MaxValue : char.MinValue,
        Flag = max,
        Single = max ? float.MaxValue : float.MinValue,
        Double = max ? double.MaxValue : double.MinValue,
        Half = max ? Half.MaxValue : Half.MinValue,
        Decimal = max ? decimal.MaxValue : decimal.MinValue,
        Int128 = max ? Int128.MaxValue : Int128.MinValue,
        UInt128 = max ? UInt128.MaxValue : UInt128.MinValue,
        BigInteger = max ? BigInteger.Pow(2, 200) : -BigInteger.Pow(2, 200),
        Tone = max ? (Tone)int.MaxValue : (Tone)int.MinValue,
        Wide = max ? (Wide)ulong.MaxValue : Wide.Top,
        Singles = max ? [float.Epsilon, float.NaN, float.PositiveInfinity] : [-0f, float.NegativeInfinity, -float.Epsilon],
        Int32s = [int.MinValue, -1, 0, int.MaxValue],
        Tones = [(Tone)int.MinValue, Tone.High, (Tone)int.MaxValue],
    };
}

[AllowUndefinedValues]
public enum Tone
{
    Low,
    High,
}

[AllowUndefinedValues]
public enum Wide : ulong
{
    None,
    Top = 1UL << 63,
}

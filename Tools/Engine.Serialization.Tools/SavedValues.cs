using System.Buffers;
using System.Globalization;
using System.Numerics;
using System.Text;
using Engine.Serialization.Inspection;
using MessagePack;
using MessagePack.Formatters;

namespace Engine.Serialization.Tools;

/// <summary>
/// Saved values read and written as the model's types say: an enum by its members' names, a TimeSpan, Guid or
/// DateTimeOffset in its usual text, a union by its case, a dictionary key as C# writes it.
/// </summary>
internal static class SavedValues
{
    private static readonly MessagePackSerializerOptions Options = new(MessagePack.Resolvers.BuiltinResolver.Instance);

    /// <summary>The types MessagePack's own formatters save (<see cref="SaveShapeKind.Scalar"/>), by <see cref="SaveShape.TypeName"/>.</summary>
    private static readonly Dictionary<string, Scalar> Scalars = new(StringComparer.Ordinal)
    {
        ["Guid"] = Scalar.Of(GuidFormatter.Instance, text => Guid.Parse(text), value => value.ToString("D"), "00000000-0000-0000-0000-000000000000"),
        ["TimeSpan"] = Scalar.Of(TimeSpanFormatter.Instance, text => TimeSpan.Parse(text, CultureInfo.InvariantCulture), value => value.ToString("c"), "00:00:00"),
        ["DateTimeOffset"] = Scalar.Of(
            DateTimeOffsetFormatter.Instance,
            text => DateTimeOffset.Parse(text, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal),
            value => value.ToString("O", CultureInfo.InvariantCulture),
            "0001-01-01T00:00:00+00:00"),
        ["DateOnly"] = Scalar.Of(DateOnlyFormatter.Instance, text => DateOnly.Parse(text, CultureInfo.InvariantCulture), value => value.ToString("O", CultureInfo.InvariantCulture), "0001-01-01"),
        ["TimeOnly"] = Scalar.Of(TimeOnlyFormatter.Instance, text => TimeOnly.Parse(text, CultureInfo.InvariantCulture), value => value.ToString("O", CultureInfo.InvariantCulture), "00:00"),
        ["decimal"] = Scalar.Of(DecimalFormatter.Instance, text => decimal.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture), Invariant, "0"),
        ["Half"] = Scalar.Of(HalfFormatter.Instance, text => Half.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture), Invariant, "0"),
        ["Int128"] = Scalar.Of(Int128Formatter.Instance, text => Int128.Parse(text, CultureInfo.InvariantCulture), Invariant, "0"),
        ["UInt128"] = Scalar.Of(UInt128Formatter.Instance, text => UInt128.Parse(text, CultureInfo.InvariantCulture), Invariant, "0"),
        ["BigInteger"] = Scalar.Of(BigIntegerFormatter.Instance, text => BigInteger.Parse(text, CultureInfo.InvariantCulture), Invariant, "0"),
        ["Rune"] = Scalar.Of(RuneFormatter.Instance, OneRune, value => value.ToString(), "\0"),
        ["Uri"] = Scalar.Of(UriFormatter.Instance, text => new Uri(text, UriKind.RelativeOrAbsolute), value => value?.OriginalString ?? "null", ""),
        ["Version"] = Scalar.Of(VersionFormatter.Instance, text => Version.Parse(text), value => value?.ToString() ?? "null", "0.0"),
    };

    /// <summary>Reads a union's <c>[key, value]</c> header; the case, with the reader at its value.</summary>
    public static SaveUnionCase EnterCase(ref MessagePackReader reader, SaveShape union)
    {
        if (reader.NextMessagePackType != MessagePackType.Array || reader.ReadArrayHeader() != 2 || reader.NextMessagePackType != MessagePackType.Integer)
        {
            throw new ToolException($"A {union.TypeName} in the save is not a [case, value] pair as a union's value is.");
        }

        long key = reader.ReadInt64();
        return union.CaseKeyed(key) ?? throw new ToolException($"A {union.TypeName} in the save is of case {key}, which the model doesn't have.");
    }

    /// <summary>
    /// Moves the reader into the value inside unions and nullables, as code reaches a member through them, updating
    /// <paramref name="shape"/> to what is there; stops at a null, leaving the shape the union's or nullable's. The
    /// outermost union's case, or null.
    /// </summary>
    public static SaveUnionCase? Enter(ref MessagePackReader reader, ref SaveShape? shape)
    {
        SaveUnionCase? outer = null;
        while (shape?.Kind is SaveShapeKind.Nullable or SaveShapeKind.Union && reader.NextMessagePackType != MessagePackType.Nil)
        {
            if (shape.Kind == SaveShapeKind.Nullable)
            {
                shape = shape.Element;
            }
            else
            {
                var @case = EnterCase(ref reader, shape);
                outer ??= @case;
                shape = @case.Shape;
            }
        }

        return outer;
    }

    /// <summary>The value inside a union or a nullable (<see cref="Enter"/>): its bytes and shape, and the union's case when there is one.</summary>
    public static (ReadOnlyMemory<byte> Value, SaveShape? Shape, SaveUnionCase? Case) Unwrap(ReadOnlyMemory<byte> value, SaveShape? shape)
    {
        var reader = new MessagePackReader(value);
        var @case = Enter(ref reader, ref shape);
        return (Next(ref reader, value), shape, @case);
    }

    /// <summary>The reader's next value as a slice of <paramref name="within"/>, the memory it reads; the reader moves past it.</summary>
    public static ReadOnlyMemory<byte> Next(ref MessagePackReader reader, ReadOnlyMemory<byte> within)
    {
        long start = reader.Consumed;
        reader.Skip();
        return within.Slice((int)start, (int)(reader.Consumed - start));
    }

    /// <summary>Reads a grid's header (<c>[lengths..., [cells]]</c>) up to its cells: its length in each of <paramref name="rank"/> dimensions.</summary>
    public static int[] ReadGridLengths(ref MessagePackReader reader, int rank)
    {
        reader.ReadArrayHeader();
        var lengths = new int[rank];
        for (int d = 0; d < rank; d++)
        {
            lengths[d] = reader.ReadInt32();
        }

        return lengths;
    }

    /// <summary>A dictionary key read as the model's key type: how a path names it.</summary>
    public static SavedKey ReadKey(ref MessagePackReader reader, SaveShape? keyShape)
    {
        switch (reader.NextMessagePackType)
        {
            case MessagePackType.String:
                string text = reader.ReadString()!;
                return new SavedKey(Quoted(text), [text], text);
            case MessagePackType.Integer when keyShape?.Kind == SaveShapeKind.Enum:
                Int128 value = ReadInteger(ref reader);
                string number = value.ToString(CultureInfo.InvariantCulture);
                string? name = EnumNames(keyShape, value);
                return name is null ? new SavedKey(number, [number]) : new SavedKey($"{keyShape.TypeName}.{name}", [name, number]);
            default:
                string json = MessagePackJson.ToText(ref reader);
                return new SavedKey(json, [json]);
        }
    }

    /// <summary>An example key of <paramref name="keyShape"/>'s type, for messages.</summary>
    public static string KeyExample(SaveShape keyShape) => keyShape.Kind switch
    {
        SaveShapeKind.Text => "\"name\"",
        SaveShapeKind.Enum when keyShape.EnumMembers.Count > 0 => $"{keyShape.TypeName}.{keyShape.EnumMembers[0].Name}",
        SaveShapeKind.Scalar when Scalars.TryGetValue(keyShape.TypeName, out var scalar) => Quoted(scalar.Zero),
        _ => "7",
    };

    /// <summary>Text as a C# string literal: in quotes, with '"' and '\' escaped and what can't be seen shown as escapes.</summary>
    public static string Quoted(string text) => "\"" + Text.SaveText.Visible(text.Replace("\\", "\\\\", StringComparison.Ordinal).Replace("\"", "\\\"", StringComparison.Ordinal)) + "\"";

    /// <summary>The value on one line for reports, in the model's terms (an enum's names, a union's case, a TimeSpan's text), cut to about 60 characters.</summary>
    public static string Short(ReadOnlyMemory<byte> value, SaveShape? shape)
    {
        var (inner, innerShape, @case) = Unwrap(value, shape);
        string text = Shown(inner, innerShape);
        text = text.Length <= 60 ? text : string.Concat(text.AsSpan(0, 60), "...");
        return @case is null ? text : $"{@case.Shape.TypeName} {text}";
    }

    private static string Shown(ReadOnlyMemory<byte> value, SaveShape? shape)
    {
        var reader = new MessagePackReader(value);
        if (reader.NextMessagePackType == MessagePackType.Nil || shape is null)
        {
            return MessagePackJson.Short(value);
        }

        switch (shape.Kind)
        {
            case SaveShapeKind.Enum when reader.NextMessagePackType == MessagePackType.String:
                return reader.ReadString()!;
            case SaveShapeKind.Enum when reader.NextMessagePackType == MessagePackType.Integer:
                Int128 number = ReadInteger(ref reader);
                return EnumNames(shape, number) ?? number.ToString(CultureInfo.InvariantCulture);
            case SaveShapeKind.Scalar when Scalars.TryGetValue(shape.TypeName, out var scalar):
                try
                {
                    return scalar.Show(ref reader);
                }
                catch (MessagePackSerializationException)
                {
                    return MessagePackJson.Short(value);
                }

            default:
                return MessagePackJson.Short(value);
        }
    }

    /// <summary>
    /// <paramref name="text"/> as a saved value of the located member, read as its type in the model reads it; null (the
    /// word) where the model allows null, and a string in quotes as that text.
    /// </summary>
    public static byte[] Encode(MemberPath.Located at, string text, string path)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new MessagePackWriter(buffer);
        var shape = at.Shape!;
        if (text == "null")
        {
            if (!at.AllowsNull && shape.Kind != SaveShapeKind.Nullable)
            {
                throw new ToolException($"'{path}' can't be null: the model declares it {shape.TypeName}, not {shape.TypeName}?{(shape.Kind == SaveShapeKind.Text ? "; for the text null, write \"null\" in quotes" : "")}.");
            }

            writer.WriteNil();
        }
        else
        {
            Write(ref writer, shape.Kind == SaveShapeKind.Nullable ? shape.Element! : shape, text, path);
        }

        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    private static void Write(ref MessagePackWriter writer, SaveShape shape, string text, string path)
    {
        switch (shape.Kind)
        {
            case SaveShapeKind.Text:
                writer.Write(Unquoted(text));
                break;
            case SaveShapeKind.Boolean:
                writer.Write(bool.TryParse(text, out bool flag) ? flag : throw NotA(path, text, "true or false"));
                break;
            case SaveShapeKind.Char:
                writer.Write(Unquoted(text) is [char one] ? one : throw NotA(path, text, "one character"));
                break;
            case SaveShapeKind.Integer when long.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out long integer):
                writer.Write(integer);
                break;
            case SaveShapeKind.Integer:
                writer.Write(ulong.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out ulong large) ? large : throw NotA(path, text, "a whole number"));
                break;
            case SaveShapeKind.Float when shape.TypeName == "float":
                writer.Write(float.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out float single) ? single : throw NotA(path, text, "a number"));
                break;
            case SaveShapeKind.Float:
                writer.Write(double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out double number) ? number : throw NotA(path, text, "a number"));
                break;
            case SaveShapeKind.DateTime:
                writer.Write(DateTime.TryParse(text, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal | DateTimeStyles.AdjustToUniversal, out var time)
                    ? time
                    : throw NotA(path, text, "a time (2026-11-23T14:17:00Z)"));
                break;
            case SaveShapeKind.Bytes:
                writer.Write(Base64(text) ?? throw NotA(path, text, "bytes in base64"));
                break;
            case SaveShapeKind.Enum:
                WriteEnum(ref writer, shape, ParseEnum(shape, text, path));
                break;
            case SaveShapeKind.Scalar when Scalars.TryGetValue(shape.TypeName, out var scalar):
                scalar.Write(ref writer, Unquoted(text), path);
                break;
            case SaveShapeKind.Union:
                throw new ToolException($"'{path}' is {MemberPath.Describe(shape)}; --set changes one value, not which case it is. To make it another case, "
                    + $"--set-case '{path}={string.Join('|', shape.Cases.Select(c => c.Shape.TypeName))}' (members of the same name and type are kept, the others start at their defaults).");
            default:
                throw new ToolException($"'{path}' is {MemberPath.Describe(shape)}; --set changes one value: text, a number, true or false, an enum's member, or a time.");
        }
    }

    /// <summary>
    /// The located union value made into the case named <paramref name="caseName"/>: the members of the value's case that
    /// the new case has, of the same type, kept; the others at their defaults (null where allowed, zero, empty).
    /// </summary>
    public static byte[] ChangeCase(ReadOnlyMemory<byte> value, MemberPath.Located at, string caseName, string path)
    {
        var union = at.Shape is { Kind: SaveShapeKind.Nullable } nullable ? nullable.Element! : at.Shape!;
        if (union.Kind != SaveShapeKind.Union)
        {
            throw new ToolException($"'{path}' is {MemberPath.Describe(union)}, not a union: --set-case changes a union's case.");
        }

        var target = union.CaseNamed(caseName) ?? throw new ToolException(
            $"{union.TypeName} has no case '{caseName}'; its cases are {string.Join(", ", union.Cases.Select(c => c.Shape.TypeName))}.");
        var kept = new Dictionary<string, (SaveShape Shape, ReadOnlyMemory<byte> Value)>(StringComparer.Ordinal);
        var (inner, innerShape, _) = Unwrap(value, union);
        if (innerShape?.Kind == SaveShapeKind.Object && new MessagePackReader(inner).NextMessagePackType == MessagePackType.Map)
        {
            var reader = new MessagePackReader(inner);
            int count = reader.ReadMapHeader();
            for (int i = 0; i < count; i++)
            {
                string key = MemberPath.KeyText(ref reader);
                int start = (int)reader.Consumed;
                reader.Skip();
                if (innerShape.Members.FirstOrDefault(m => m.Key == key) is { } member)
                {
                    kept[member.Name] = (member.Shape, inner[start..(int)reader.Consumed]);
                }
            }
        }

        var buffer = new ArrayBufferWriter<byte>();
        var writer = new MessagePackWriter(buffer);
        writer.WriteArrayHeader(2);
        writer.Write(target.Key);
        var shape = target.Shape;
        writer.WriteMapHeader(shape.Members.Count);
        foreach (var member in shape.Members)
        {
            writer.Write(member.Key);
            if (kept.TryGetValue(member.Name, out var old) && old.Shape.TypeName == member.Shape.TypeName && old.Shape.Kind == member.Shape.Kind)
            {
                writer.WriteRaw(old.Value.Span);
            }
            else
            {
                WriteDefault(ref writer, member.Shape, member.AllowsNull, $"{target.Shape.TypeName}.{member.Name}", depth: 0);
            }
        }

        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>A member's value before a game sets it: null where allowed, zero, false, empty, an object of such values.</summary>
    private static void WriteDefault(ref MessagePackWriter writer, SaveShape shape, bool allowsNull, string member, int depth)
    {
        if (allowsNull || shape.Kind == SaveShapeKind.Nullable)
        {
            writer.WriteNil();
            return;
        }

        if (depth > 16)
        {
            throw new ToolException($"The new case's {member} nests objects that can't be null too deep to make one.");
        }

        switch (shape.Kind)
        {
            case SaveShapeKind.Object:
                writer.WriteMapHeader(shape.Members.Count);
                foreach (var part in shape.Members)
                {
                    writer.Write(part.Key);
                    WriteDefault(ref writer, part.Shape, part.AllowsNull, $"{member}.{part.Name}", depth + 1);
                }

                break;
            case SaveShapeKind.Components:
                writer.WriteArrayHeader(shape.Members.Count);
                foreach (var part in shape.Members)
                {
                    WriteDefault(ref writer, part.Shape, part.AllowsNull, $"{member}.{part.Name}", depth + 1);
                }

                break;
            case SaveShapeKind.Union when shape.Cases.Count > 0:
                writer.WriteArrayHeader(2);
                writer.Write(shape.Cases[0].Key);
                WriteDefault(ref writer, shape.Cases[0].Shape, allowsNull: false, member, depth + 1);
                break;
            case SaveShapeKind.Sequence:
                writer.WriteArrayHeader(0);
                break;
            case SaveShapeKind.Dictionary:
                writer.WriteMapHeader(0);
                break;
            case SaveShapeKind.Grid:
                writer.WriteArrayHeader(shape.Rank + 1);
                for (int d = 0; d < shape.Rank; d++)
                {
                    writer.Write(0);
                }

                writer.WriteArrayHeader(0);
                break;
            case SaveShapeKind.Enum:
                WriteEnum(ref writer, shape, shape.EnumMembers.FirstOrDefault(m => m.Value == 0)?.Value ?? (shape.EnumMembers.Count > 0 ? shape.EnumMembers[0].Value : 0));
                break;
            case SaveShapeKind.Bytes:
                writer.Write(ReadOnlySpan<byte>.Empty);
                break;
            case SaveShapeKind.Text:
                writer.Write("");
                break;
            case SaveShapeKind.Scalar when Scalars.TryGetValue(shape.TypeName, out var scalar):
                scalar.Write(ref writer, scalar.Zero, member);
                break;
            case SaveShapeKind.DateTime:
                writer.Write(DateTime.MinValue);
                break;
            case SaveShapeKind.Boolean:
                writer.Write(false);
                break;
            case SaveShapeKind.Float when shape.TypeName == "float":
                writer.Write(0f);
                break;
            case SaveShapeKind.Float:
                writer.Write(0d);
                break;
            case SaveShapeKind.Integer or SaveShapeKind.Char:
                writer.Write(0);
                break;
            default:
                throw new ToolException($"The new case's {member} is {MemberPath.Describe(shape)}, which the game's own code writes, so this tool can't make one: set the case in the game.");
        }
    }

    private static void WriteEnum(ref MessagePackWriter writer, SaveShape shape, Int128 value)
    {
        if (shape.EnumByName)
        {
            writer.Write(EnumNames(shape, value, saved: true) ?? value.ToString(CultureInfo.InvariantCulture));
        }
        else if (value < 0)
        {
            writer.Write((long)value);
        }
        else
        {
            writer.Write((ulong)value);
        }
    }

    /// <summary>An enum's value from its members' names (<c>Head</c>, <c>Slot.Head</c>; <c>Fire, Ice</c> for flags) or its number.</summary>
    private static Int128 ParseEnum(SaveShape shape, string text, string path)
    {
        Int128 value = 0;
        string[] parts = text.Split([',', '|'], StringSplitOptions.TrimEntries);
        if (parts.Length > 1 && !shape.EnumIsFlags)
        {
            throw NotA(path, text, $"one member of {shape.TypeName}, which is not [Flags]");
        }

        foreach (string part in parts)
        {
            string name = part.StartsWith(shape.TypeName + ".", StringComparison.Ordinal) ? part[(shape.TypeName.Length + 1)..] : part;
            if (shape.EnumMembers.FirstOrDefault(m => m.Name == name) is { } member)
            {
                value |= member.Value;
            }
            else if (Int128.TryParse(name, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out Int128 number))
            {
                value |= number;
            }
            else
            {
                throw NotA(path, text, MemberPath.Describe(shape));
            }
        }

        return value;
    }

    /// <summary>An enum value as its members' names (a flags value as the members it combines, as Enum.ToString does), or null when it has none.</summary>
    private static string? EnumNames(SaveShape shape, Int128 value, bool saved = false)
    {
        string Name(SaveEnumMember member) => saved ? member.SavedName : member.Name;
        if (shape.EnumMembers.FirstOrDefault(m => m.Value == value) is { } exact)
        {
            return Name(exact);
        }

        if (!shape.EnumIsFlags || value <= 0)
        {
            return null;
        }

        var names = new List<string>();
        Int128 rest = value;
        foreach (var member in shape.EnumMembers.Where(m => m.Value > 0).OrderByDescending(m => m.Value))
        {
            if ((rest & member.Value) == member.Value)
            {
                names.Insert(0, Name(member));
                rest &= ~member.Value;
            }
        }

        return rest == 0 ? string.Join(", ", names) : null;
    }

    private static Int128 ReadInteger(ref MessagePackReader reader) =>
        reader.NextCode == MessagePackCode.UInt64 ? reader.ReadUInt64() : reader.ReadInt64();

    /// <summary>Text given in double quotes, as C# writes a string, without them; anything else as it is.</summary>
    private static string Unquoted(string text) =>
        text.Length >= 2 && text[0] == '"' && text[^1] == '"'
            ? text[1..^1].Replace("\\\"", "\"", StringComparison.Ordinal).Replace("\\\\", "\\", StringComparison.Ordinal)
            : text;

    private static byte[]? Base64(string text)
    {
        var bytes = new byte[text.Length];
        return Convert.TryFromBase64String(text, bytes, out int written) ? bytes[..written] : null;
    }

    private static Rune OneRune(string text) =>
        Rune.DecodeFromUtf16(text, out var rune, out int used) == OperationStatus.Done && used == text.Length ? rune : throw new FormatException();

    private static string Invariant<T>(T value)
        where T : IFormattable => value.ToString(null, CultureInfo.InvariantCulture);

    private static ToolException NotA(string path, string text, string kind) => new($"'{path}' holds {kind}, and '{text}' is not one.");

    /// <summary>A dictionary key as a path shows it.</summary>
    /// <param name="Text">How a path shows it: <c>"wood"</c>, <c>7</c>, <c>Slot.Head</c>.</param>
    /// <param name="Plain">The texts a path may name it by without quotes.</param>
    /// <param name="Content">A text key's text, which a path may give in quotes.</param>
    public sealed record SavedKey(string Text, IReadOnlyList<string> Plain, string? Content = null)
    {
        public bool Matches(string given, bool quoted) => quoted ? given == Content : given == Text || Plain.Contains(given);
    }

    /// <summary>A type one of MessagePack's formatters saves: how its text is read and shown, and its zero as text.</summary>
    private sealed class Scalar
    {
        public required string Zero { get; init; }

        public required WriteText Write { get; init; }

        public required ShowValue Show { get; init; }

        public static Scalar Of<T>(IMessagePackFormatter<T> formatter, Func<string, T> parse, Func<T, string> show, string zero) => new()
        {
            Zero = zero,
            Write = (ref MessagePackWriter writer, string text, string path) =>
            {
                T value;
                try
                {
                    value = parse(text);
                }
                catch (Exception e) when (e is FormatException or OverflowException or ArgumentException)
                {
                    throw NotA(path, text, $"a {typeof(T).Name} (like {show(parse(zero))})");
                }

                formatter.Serialize(ref writer, value, Options);
            },
            Show = (ref MessagePackReader reader) => show(formatter.Deserialize(ref reader, Options)),
        };
    }

    private delegate void WriteText(ref MessagePackWriter writer, string text, string path);

    private delegate string ShowValue(ref MessagePackReader reader);
}

using System.Buffers;
using System.Globalization;
using System.Text;
using System.Text.Json;
using Engine.Serialization.Text;
using MessagePack;

namespace Engine.Serialization.Tools;

/// <summary>
/// A MessagePack value as JSON, read through its own structure: maps become objects (keys that aren't text become
/// their JSON text), arrays lists, binary base64, timestamps ISO 8601 text, and floats that JSON can't hold
/// ("NaN", "Infinity") text. The value has been checked (nesting within bounds) before it gets here.
/// </summary>
internal static class MessagePackJson
{
    private const int FlushAt = 1 << 16;

    private static readonly JsonWriterOptions Indented = new()
    {
        Indented = true,
        Encoder = SaveText.JsonEncoder,
        MaxDepth = 1024,
    };

    private static readonly JsonWriterOptions Compact = Indented with { Indented = false };

    /// <summary>Writes the value indented to <paramref name="output"/>, a buffer at a time, and a final line break.</summary>
    public static void Write(ReadOnlyMemory<byte> value, Stream output)
    {
        using (var json = new Utf8JsonWriter(output, Indented))
        {
            var reader = new MessagePackReader(value);
            WriteValue(ref reader, json);
        }

        output.Write("\n"u8);
    }

    /// <summary>The next value on one line, for messages; the reader moves past it.</summary>
    public static string ToText(ref MessagePackReader reader)
    {
        var buffer = new ArrayBufferWriter<byte>();
        using (var json = new Utf8JsonWriter(buffer, Compact))
        {
            WriteValue(ref reader, json);
        }

        return Encoding.UTF8.GetString(buffer.WrittenSpan);
    }

    /// <summary>The value on one line, cut to about <paramref name="max"/> characters.</summary>
    public static string Short(ReadOnlyMemory<byte> value, int max = 60)
    {
        var reader = new MessagePackReader(value);
        string text = ToText(ref reader);
        return text.Length <= max ? text : string.Concat(text.AsSpan(0, max), "...");
    }

    private static void WriteValue(ref MessagePackReader reader, Utf8JsonWriter json)
    {
        if (json.BytesPending > FlushAt)
        {
            json.Flush();
        }

        switch (reader.NextMessagePackType)
        {
            case MessagePackType.Map:
                int pairs = reader.ReadMapHeader();
                json.WriteStartObject();
                for (int i = 0; i < pairs; i++)
                {
                    json.WritePropertyName(MemberPath.KeyText(ref reader));
                    WriteValue(ref reader, json);
                }

                json.WriteEndObject();
                break;
            case MessagePackType.Array:
                int items = reader.ReadArrayHeader();
                json.WriteStartArray();
                for (int i = 0; i < items; i++)
                {
                    WriteValue(ref reader, json);
                }

                json.WriteEndArray();
                break;
            case MessagePackType.Nil:
                reader.ReadNil();
                json.WriteNullValue();
                break;
            case MessagePackType.Boolean:
                json.WriteBooleanValue(reader.ReadBoolean());
                break;
            case MessagePackType.Integer:
                if (reader.NextCode == MessagePackCode.UInt64)
                {
                    json.WriteNumberValue(reader.ReadUInt64());
                }
                else
                {
                    json.WriteNumberValue(reader.ReadInt64());
                }

                break;
            case MessagePackType.Float when reader.NextCode == MessagePackCode.Float32:
                float single = reader.ReadSingle();

                // JSON has no NaN or infinities: they are written as the text .NET and JavaScript give them.
                if (float.IsFinite(single))
                {
                    json.WriteNumberValue(single);
                }
                else
                {
                    json.WriteStringValue(single.ToString(CultureInfo.InvariantCulture));
                }

                break;
            case MessagePackType.Float:
                double number = reader.ReadDouble();
                if (double.IsFinite(number))
                {
                    json.WriteNumberValue(number);
                }
                else
                {
                    json.WriteStringValue(number.ToString(CultureInfo.InvariantCulture));
                }

                break;
            case MessagePackType.String:
                json.WriteStringValue(reader.ReadString());
                break;
            case MessagePackType.Binary:
                json.WriteBase64StringValue(reader.ReadBytes()!.Value.ToArray());
                break;
            default:
                WriteExtension(ref reader, json);
                break;
        }
    }

    private static void WriteExtension(ref MessagePackReader reader, Utf8JsonWriter json)
    {
        var peek = reader.CreatePeekReader();
        if (peek.ReadExtensionFormatHeader().TypeCode == ReservedMessagePackExtensionTypeCode.DateTime)
        {
            json.WriteStringValue(reader.ReadDateTime().ToString("O", CultureInfo.InvariantCulture));
            return;
        }

        var extension = reader.ReadExtensionFormat();
        json.WriteStartObject();
        json.WriteNumber("$extension", extension.TypeCode);
        json.WriteBase64String("$bytes", extension.Data.ToArray());
        json.WriteEndObject();
    }
}

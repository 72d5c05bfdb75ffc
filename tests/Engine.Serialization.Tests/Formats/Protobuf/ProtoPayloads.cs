using System.Globalization;
using System.Text.RegularExpressions;
using Engine.Serialization.Models;
using ProtoBuf;

namespace Engine.Serialization.Tests.Formats.Protobuf;

/// <summary>Protobuf payloads written and read field by field, for the tests that hold a reader to docs/FORMAT.md.</summary>
internal static class ProtoPayloads
{
    /// <summary>The number the model's .proto gives the field <paramref name="field"/> (as the .proto spells it: <c>schema_version</c>).</summary>
    public static int FieldNumber<T>(string field) =>
        int.Parse(Regex.Match(SaveModels.SchemasOf<T>().Proto, $@" {field} = (\d+)[;\s]").Groups[1].Value, CultureInfo.InvariantCulture);

    public static byte[] Varint(ulong value)
    {
        var bytes = new List<byte>();
        for (; value >= 0x80; value >>= 7)
        {
            bytes.Add((byte)(value | 0x80));
        }

        bytes.Add((byte)value);
        return [.. bytes];
    }

    /// <summary>A length-delimited field: a message, a string, a packed run.</summary>
    public static byte[] LengthDelimited(int field, byte[] content) => [.. Varint((ulong)((field << 3) | 2)), .. Varint((ulong)content.Length), .. content];

    /// <summary>A message's top-level fields in order, with each varint field's value (null for the other wire types).</summary>
    public static List<(int Field, long? Varint)> TopLevel(byte[] message)
    {
        var fields = new List<(int, long?)>();
        var reader = ProtoReader.State.Create(message, model: null);
        try
        {
            int field;
            while ((field = reader.ReadFieldHeader()) > 0)
            {
                if (reader.WireType == WireType.Varint)
                {
                    fields.Add((field, reader.ReadInt64()));
                }
                else
                {
                    fields.Add((field, null));
                    reader.SkipField();
                }
            }
        }
        finally
        {
            reader.Dispose();
        }

        return fields;
    }
}

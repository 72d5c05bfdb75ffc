using System.Buffers;
using System.Text;
using Engine.Serialization;
using Engine.Serialization.Compression;
using Engine.Serialization.Container;
using Engine.Serialization.Formats;
using K4os.Compression.LZ4.Streams;

namespace Game.Sample.Tests.Commands;

/// <summary>
/// Files of at most <see cref="MaxFileBytes"/> made to cost a loader as much as their size lets them, in every format
/// and compression, each shaped as the sample game's GameContent so that its decoders take them in: the cheapest
/// objects repeated, the cheapest strings, float cells, unknown members nested deep or kept by the hundred thousand, and
/// LZ4 frames expanding to what the payload limit allows. Checksums hold, so every byte reaches the decoders.
/// </summary>
internal static class HostileCorpus
{
    public const int MaxFileBytes = 4 << 20;

    /// <summary>
    /// What an LZ4 case decodes to: enough that the decompression buffers and the decoder's objects together pass the
    /// memory a load may use by default (192 MiB); and, for the frame of zeros, as much as the payload limit allows (512 MiB).
    /// </summary>
    private const long Lz4DecodedBytes = 40L << 20;

    private const long Lz4ZerosDecodedBytes = 500L << 20;

    private const int PlainPayloadBytes = MaxFileBytes - 4096;

    public static IEnumerable<string> Names =>
        from format in Enum.GetValues<SaveFormat>()
        from compression in Enum.GetValues<SaveCompression>()
        from kind in Kinds(format, compression)
        select $"{Name(format)}-{(compression == SaveCompression.Lz4 ? "lz4" : "plain")}-{kind.Name}";

    public static byte[] File(string name)
    {
        var (format, compression, kind) = (
            from f in Enum.GetValues<SaveFormat>()
            from c in Enum.GetValues<SaveCompression>()
            from k in Kinds(f, c)
            where $"{Name(f)}-{(c == SaveCompression.Lz4 ? "lz4" : "plain")}-{k.Name}" == name
            select (f, c, k)).Single();
        return Frame(format, compression, kind.Pattern);
    }

    /// <summary>
    /// A payload as its opening bytes (which may count the units), a unit repeated (unit <c>i</c> written by a function,
    /// for units that must differ), as many closing units (for nesting) and its closing bytes.
    /// </summary>
    private sealed record Pattern(Func<long, byte[]> Start, int UnitLength, Action<long, Span<byte>> Unit, Func<long, byte[]> End)
    {
        public byte[] Closing { get; init; } = [];

        public long Lz4Decoded { get; init; } = Lz4DecodedBytes;

        public static Pattern Repeat(byte[] start, byte[] unit, byte[] end) => new(_ => start, unit.Length, (_, span) => unit.CopyTo(span), _ => end);

        /// <summary>The unit opening a level as deep as the bytes go, each closed, inside <paramref name="start"/> and <paramref name="end"/>.</summary>
        public static Pattern Nested(byte[] start, byte[] open, byte[] close, byte[] end) => Repeat(start, open, end) with { Closing = close };

        /// <summary>A MessagePack array32 of the unit repeated, after <paramref name="start"/>.</summary>
        public static Pattern Array32(byte[] start, byte[] unit) =>
            new(count => [.. start, 0xDD, .. BigEndian(count)], unit.Length, (_, span) => unit.CopyTo(span), _ => []);

        /// <summary>A protobuf field holding one message of the unit repeated, its length before it.</summary>
        public static Pattern LengthPrefixed(byte[] tag, byte[] unit) =>
            new(count => [.. tag, .. Varint((ulong)(count * unit.Length))], unit.Length, (_, span) => unit.CopyTo(span), _ => []);
    }

    private sealed record Kind(string Name, Pattern Pattern);

    private static IEnumerable<Kind> Kinds(SaveFormat format, SaveCompression compression)
    {
        switch (format)
        {
            case SaveFormat.MessagePack:
                // { "Rooms": [ {}, {}, ... ] }: one byte a room, each starting with its lists and grid.
                yield return new("empty-rooms", Pattern.Array32([0x81, .. Str("Rooms")], [0x80]));

                // { "Items": [ { "CombinesWith": [ "a", "a", ... ] } ] }: a 24-byte string for every two bytes.
                yield return new("tiny-strings", Pattern.Array32([0x81, .. Str("Items"), 0x91, 0x81, .. Str("CombinesWith")], [0xA1, (byte)'a']));

                // { "Rooms": [ { "WalkGrid": { "Cells": [ 0, 0, ... ] } } ] }: four bytes of float for each byte.
                yield return new("float-cells", Pattern.Array32([0x81, .. Str("Rooms"), 0x91, 0x81, .. Str("WalkGrid"), 0x81, .. Str("Cells")], [0x00]));

                // { "Unknown": [[[[ ... nil ... ]]]] }: a member this game lacks, nested as deep as the bytes go.
                yield return new("deep-unknown", Pattern.Repeat([0x81, .. Str("Unknown")], [0x91], [0xC0]));

                // { "k00000": nil, "k00001": nil, ... }: members a newer game wrote, each kept to be written back.
                yield return new("unknown-members", new Pattern(
                    count => [0xDF, .. BigEndian(count)], 8, (i, span) => { span[0] = 0xA6; span[1] = (byte)'k'; Base36(i, span[2..7]); span[7] = 0xC0; }, _ => []));
                break;
            case SaveFormat.Xml:
                yield return new("empty-rooms", Pattern.Repeat(Utf8("<GameContent><Rooms>"), Utf8("<Room/>"), Utf8("</Rooms></GameContent>")));
                yield return new("tiny-strings", Pattern.Repeat(
                    Utf8("<GameContent><Items><ItemDefinition><CombinesWith>"), Utf8("<string>a</string>"), Utf8("</CombinesWith></ItemDefinition></Items></GameContent>")));
                yield return new("float-cells", Pattern.Repeat(
                    Utf8("<GameContent><Rooms><Room><WalkGrid><Cells>"), Utf8("<float>0</float>"), Utf8("</Cells></WalkGrid></Room></Rooms></GameContent>")));
                yield return new("deep-unknown", Pattern.Nested(Utf8("<GameContent><Unknown>"), Utf8("<a>"), Utf8("</a>"), Utf8("</Unknown></GameContent>")));
                yield return new("unknown-members", new Pattern(
                    _ => Utf8("<GameContent>"), 9, (i, span) => { "<k"u8.CopyTo(span); Base36(i, span[2..7]); "/>"u8.CopyTo(span[7..]); }, _ => Utf8("</GameContent>")));
                break;
            default:
                // GameContent.rooms (field 4), each an empty message: two bytes a room.
                yield return new("empty-rooms", Pattern.Repeat([], [4 << 3 | 2, 0], []));

                // items (field 5): one message whose combines_with (field 7) repeats "a".
                yield return new("tiny-strings", Pattern.LengthPrefixed([5 << 3 | 2], [7 << 3 | 2, 1, (byte)'a']));

                // rooms[0].walk_grid.cells (fields 4, 12, 3): one packed run of zero floats.
                yield return new("float-cells", new Pattern(count => Fields([4, 12, 3], count * 4), 4, (_, span) => span.Clear(), _ => []));

                // A field this game lacks (300000, past every number a model's names derive), varint 1: each kept.
                yield return new("unknown-members", Pattern.Repeat([], [0x80, 0xBE, 0x92, 0x01, 0x01], []));

                // Groups of an unknown field (99) nested as deep as the bytes go.
                yield return new("deep-unknown", Pattern.Nested([], [0x9B, 0x06], [0x9C, 0x06], []));
                break;
        }

        if (compression == SaveCompression.Lz4)
        {
            // A frame of zeros as long as the payload limit allows: the payload is no document at all, but only its decoder
            // can tell, after the frame has been decoded.
            yield return new("lz4-zeros", Pattern.Repeat([], [0], []) with { Lz4Decoded = Lz4ZerosDecodedBytes });
        }
    }

    private static byte[] Frame(SaveFormat format, SaveCompression compression, Pattern pattern)
    {
        byte[] stored;
        long decoded;
        if (compression == SaveCompression.None)
        {
            long count = (PlainPayloadBytes - 64L) / (pattern.UnitLength + pattern.Closing.Length);
            stored = Payload(pattern, count, maxChunk: int.MaxValue).SelectMany(chunk => chunk.ToArray()).ToArray();
            decoded = stored.Length;
        }
        else
        {
            // As many units as keep the frame within the file's size and the payload within the limit.
            long count = pattern.Lz4Decoded / (pattern.UnitLength + pattern.Closing.Length);
            while (true)
            {
                (stored, decoded) = Lz4(Payload(pattern, count, maxChunk: 1 << 20));
                if (stored.Length <= PlainPayloadBytes)
                {
                    break;
                }

                count = count * PlainPayloadBytes / stored.Length * 9 / 10;
            }
        }

        var file = new ArrayBufferWriter<byte>();
        var hostile = LoadOptions.Default with { MaxPayloadBytes = int.MaxValue, MaxMemoryBytes = long.MaxValue };
        SaveContainer.Write(file, format, compression, 1, new SaveMetadata { Title = "hostile", ModelId = SaveContainer.Version1ModelId }, stored, checked((int)decoded), hostile);
        return file.WrittenSpan.ToArray();
    }

    private static IEnumerable<ReadOnlyMemory<byte>> Payload(Pattern pattern, long count, int maxChunk)
    {
        yield return pattern.Start(count);
        long perChunk = Math.Max(1, Math.Min(count, maxChunk / pattern.UnitLength));
        byte[] chunk = new byte[checked((int)(perChunk * pattern.UnitLength))];
        for (long done = 0; done < count; done += perChunk)
        {
            long units = Math.Min(perChunk, count - done);
            for (long i = 0; i < units; i++)
            {
                pattern.Unit(done + i, chunk.AsSpan((int)(i * pattern.UnitLength), pattern.UnitLength));
            }

            yield return chunk.AsMemory(0, (int)(units * pattern.UnitLength));
        }

        if (pattern.Closing.Length > 0)
        {
            long closingPerChunk = Math.Max(1, Math.Min(count, maxChunk / pattern.Closing.Length));
            byte[] closing = [.. Enumerable.Repeat(pattern.Closing, (int)closingPerChunk).SelectMany(unit => unit)];
            for (long done = 0; done < count; done += closingPerChunk)
            {
                yield return closing.AsMemory(0, (int)(Math.Min(closingPerChunk, count - done) * pattern.Closing.Length));
            }
        }

        yield return pattern.End(count);
    }

    private static (byte[] Stored, long Decoded) Lz4(IEnumerable<ReadOnlyMemory<byte>> payload)
    {
        using var stored = new MemoryStream();
        long decoded = 0;
        using (var encoder = LZ4Stream.Encode(stored, leaveOpen: true))
        {
            foreach (var chunk in payload)
            {
                encoder.Write(chunk.Span);
                decoded += chunk.Length;
            }
        }

        return (stored.ToArray(), decoded);
    }

    /// <summary>The opening of protobuf messages nested along <paramref name="fields"/>, the innermost holding <paramref name="length"/> bytes.</summary>
    private static byte[] Fields(int[] fields, long length)
    {
        byte[] head = [];
        for (int i = fields.Length - 1; i >= 0; i--)
        {
            head = [(byte)(fields[i] << 3 | 2), .. Varint((ulong)(length + head.Length)), .. head];
        }

        return head;
    }

    private static byte[] Str(string text) => [(byte)(0xA0 | text.Length), .. Encoding.ASCII.GetBytes(text)];

    private static byte[] Utf8(string text) => Encoding.UTF8.GetBytes(text);

    private static byte[] BigEndian(long count) => BigEndian(checked((uint)count));

    private static byte[] BigEndian(uint value) => [(byte)(value >> 24), (byte)(value >> 16), (byte)(value >> 8), (byte)value];

    private static byte[] Varint(ulong value)
    {
        var bytes = new List<byte>();
        while (value >= 0x80)
        {
            bytes.Add((byte)(value | 0x80));
            value >>= 7;
        }

        bytes.Add((byte)value);
        return [.. bytes];
    }

    /// <summary>Base-36 digits of <paramref name="value"/>, filling <paramref name="digits"/>: five make 60 million names.</summary>
    private static void Base36(long value, Span<byte> digits)
    {
        for (int i = digits.Length - 1; i >= 0; i--)
        {
            digits[i] = (byte)"0123456789abcdefghijklmnopqrstuvwxyz"[(int)(value % 36)];
            value /= 36;
        }
    }

    private static string Name(SaveFormat format) => format switch
    {
        SaveFormat.MessagePack => "messagepack",
        SaveFormat.Xml => "xml",
        _ => "protobuf",
    };
}

using System.Buffers;
using System.Buffers.Binary;
using System.IO.Hashing;
using System.Runtime.InteropServices;
using System.Text;
using Engine.Serialization.Errors;
using MessagePack;

namespace Engine.Serialization.Container;

/// <summary>
/// Reads a save's metadata block from a stream in pieces, each one passing through the block's checksum as it is read,
/// and keeps of the map only what a slot list shows: the thumbnail's length, not its bytes (unless asked for them), and
/// none of the members this build doesn't know. What it keeps is itself a map, which <see cref="SaveContainer"/> decodes
/// with the metadata's own reader, so the block is held to the same rules as a whole one. What it holds is one pooled
/// piece, the kept members (and the thumbnail when asked for), whatever else the block holds; nothing past it is read.
/// </summary>
internal sealed class MetadataBlockReader : IDisposable
{
    private const int PieceSize = 64 * 1024;

    /// <summary>A type code and a length of up to four bytes, or a number of up to eight.</summary>
    private const int LongestHeader = 9;

    private static readonly byte[] ThumbnailKey = Encoding.UTF8.GetBytes(nameof(SaveMetadata.Thumbnail));

    private static readonly byte[][] ShownKeys =
    [
        .. new[]
        {
            nameof(SaveMetadata.Title), nameof(SaveMetadata.SavedAtUtc), nameof(SaveMetadata.PlayTimeSeconds), nameof(SaveMetadata.GameId),
            nameof(SaveMetadata.ModelId), nameof(SaveMetadata.SlotName),
        }.Select(Encoding.UTF8.GetBytes),
    ];

    private static readonly int LongestKey = ShownKeys.Append(ThumbnailKey).Max(key => key.Length);

    private static ReadOnlySpan<byte> Map32Header => [0xDF, 0, 0, 0, 0];

    /// <summary>What takes the thumbnail's place in the kept map: an empty bin.</summary>
    private static ReadOnlySpan<byte> EmptyBin => [0xC4, 0x00];

    private readonly Stream _stream;
    private readonly Func<long, SaveCorruptedException> _cutShort;
    private readonly bool _keepThumbnail;
    private readonly byte[] _piece = ArrayPool<byte>.Shared.Rent(PieceSize);
    private readonly Crc32 _checksum = new();
    private readonly ArrayBufferWriter<byte> _kept = new(256);
    private int _next;
    private int _end;
    private long _unread;
    private long _read;
    private int _thumbnailLength;
    private byte[]? _thumbnail;

    private MetadataBlockReader(Stream stream, int length, bool keepThumbnail, Func<long, SaveCorruptedException> cutShort)
    {
        _stream = stream;
        _unread = length;
        _keepThumbnail = keepThumbnail;
        _cutShort = cutShort;
    }

    private enum Kind
    {
        Map,
        Array,
        Str,
        Bin,
        Other,
    }

    /// <summary>
    /// Reads the <paramref name="length"/> bytes of a metadata block from <paramref name="stream"/>. A stream that ends
    /// before them throws what <paramref name="cutShort"/> makes of the bytes it gave; the block's own damage is
    /// returned, not thrown, since its checksum must be compared first.
    /// </summary>
    public static StreamedMetadata Read(Stream stream, int length, bool keepThumbnail, Func<long, SaveCorruptedException> cutShort)
    {
        using var reader = new MetadataBlockReader(stream, length, keepThumbnail, cutShort);
        Exception? damage = null;
        try
        {
            reader.ReadTopValue();
        }
        catch (Exception e) when (e is EndOfStreamException or MessagePackSerializationException)
        {
            damage = e;
        }

        long bytesAfter = reader.PassTheRest();
        return new StreamedMetadata(
            reader._kept.WrittenMemory, bytesAfter, reader._checksum.GetCurrentHashAsUInt32(), damage, reader._thumbnailLength, reader._thumbnail);
    }

    public void Dispose() => ArrayPool<byte>.Shared.Return(_piece);

    private void ReadTopValue()
    {
        if (Peek() is not ((>= 0x80 and <= 0x8F) or 0xDE or 0xDF))
        {
            // Not a map: the metadata's reader refuses it from this byte alone (or finds nil), as it would the whole value.
            _kept.Write([NextByte()]);
            return;
        }

        Span<byte> header = stackalloc byte[LongestHeader];
        Span<byte> key = stackalloc byte[LongestKey];
        long pairs = ReadToken(header, out _).Children / 2;
        _kept.Write(Map32Header); // its count is filled in below
        int keptPairs = 0;
        for (long i = 0; i < pairs; i++)
        {
            var keyToken = ReadToken(header, out int keyHeaderLength);
            bool shown = false;
            bool thumbnail = false;
            if (keyToken.Kind == Kind.Str && keyToken.Payload <= LongestKey)
            {
                var name = key[..(int)keyToken.Payload];
                Take(name);
                thumbnail = name.SequenceEqual(ThumbnailKey);
                shown = !thumbnail && IsShown(name);
                if (shown || thumbnail)
                {
                    _kept.Write(header[..keyHeaderLength]);
                    _kept.Write(name);
                    keptPairs++;
                }
            }
            else
            {
                PassRest(keyToken, keep: false);
            }

            if (thumbnail)
            {
                ReadThumbnail(header);
            }
            else
            {
                PassValues(1, keep: shown);
            }
        }

        BinaryPrimitives.WriteInt32BigEndian(MemoryMarshal.AsMemory(_kept.WrittenMemory).Span[1..], keptPairs);
    }

    private static bool IsShown(ReadOnlySpan<byte> name)
    {
        foreach (byte[] shown in ShownKeys)
        {
            if (name.SequenceEqual(shown))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>Keeps the thumbnail's length and, when asked, its bytes; a value that is no bytes is kept for the reader to refuse.</summary>
    private void ReadThumbnail(Span<byte> header)
    {
        var token = ReadToken(header, out int headerLength);
        if (token.Kind is not (Kind.Bin or Kind.Str))
        {
            _kept.Write(header[..headerLength]);
            PassRest(token, keep: true);
            return;
        }

        RequireAvailable(token.Payload);
        _kept.Write(EmptyBin);
        _thumbnailLength = (int)token.Payload;
        if (_keepThumbnail)
        {
            _thumbnail = new byte[_thumbnailLength];
            Take(_thumbnail);
        }
        else
        {
            Pass(token.Payload, keep: false);
        }
    }

    /// <summary>
    /// Passes <paramref name="count"/> whole values at nesting level <paramref name="level"/> (the block's map is level 1),
    /// keeping their bytes when asked: nesting costs a count per level, and a map or array past the metadata reader's
    /// own limit is refused as that reader refuses it.
    /// </summary>
    private void PassValues(long count, bool keep, int level = 2)
    {
        Span<byte> header = stackalloc byte[LongestHeader];
        var outer = new Stack<long>(); // the values left at each level above the current one
        while (count > 0 || outer.Count > 0)
        {
            if (count == 0)
            {
                count = outer.Pop();
                continue;
            }

            count--;
            var token = ReadToken(header, out int headerLength);
            if (keep)
            {
                _kept.Write(header[..headerLength]);
            }

            Pass(token.Payload, keep);
            if (token.Kind is Kind.Map or Kind.Array)
            {
                if (level + outer.Count > SaveMetadataFormatterResolver.MaxDepth)
                {
                    throw new MessagePackSerializationException(
                        $"The data nests objects and collections deeper than {SaveMetadataFormatterResolver.MaxDepth} levels.");
                }

                outer.Push(count);
                count = token.Children;
            }
        }
    }

    /// <summary>Passes what follows a value's header.</summary>
    private void PassRest(Token token, bool keep)
    {
        Pass(token.Payload, keep);
        PassValues(token.Children, keep, level: 3);
    }

    /// <summary>Reads one value's header (MessagePack's specification) into <paramref name="header"/>.</summary>
    private Token ReadToken(Span<byte> header, out int length)
    {
        byte code = NextByte();
        header[0] = code;
        length = 1;
        switch (code)
        {
            case <= 0x7F or >= 0xE0 or 0xC0 or 0xC2 or 0xC3:
                return new Token(Kind.Other, 0, 0);
            case <= 0x8F:
                return new Token(Kind.Map, 2L * (code & 0x0F), 0);
            case <= 0x9F:
                return new Token(Kind.Array, code & 0x0F, 0);
            case <= 0xBF:
                return new Token(Kind.Str, 0, code & 0x1F);
            case >= 0xC4 and <= 0xC6:
                return new Token(Kind.Bin, 0, ReadLength(header, ref length, 1 << (code - 0xC4)));
            case >= 0xC7 and <= 0xC9:
                return new Token(Kind.Other, 0, 1 + ReadLength(header, ref length, 1 << (code - 0xC7))); // its type, then its data
            case 0xCA:
                return new Token(Kind.Other, 0, 4);
            case 0xCB:
                return new Token(Kind.Other, 0, 8);
            case >= 0xCC and <= 0xCF:
                return new Token(Kind.Other, 0, 1 << (code - 0xCC));
            case >= 0xD0 and <= 0xD3:
                return new Token(Kind.Other, 0, 1 << (code - 0xD0));
            case >= 0xD4 and <= 0xD8:
                return new Token(Kind.Other, 0, 1 + (1 << (code - 0xD4))); // its type, then its data
            case >= 0xD9 and <= 0xDB:
                return new Token(Kind.Str, 0, ReadLength(header, ref length, 1 << (code - 0xD9)));
            case 0xDC or 0xDD:
                return new Token(Kind.Array, ReadLength(header, ref length, 2 << (code - 0xDC)), 0);
            case 0xDE or 0xDF:
                return new Token(Kind.Map, 2 * ReadLength(header, ref length, 2 << (code - 0xDE)), 0);
            default:
                // 0xC1, which MessagePack never uses; the message is MessagePackReader's.
                throw new MessagePackSerializationException($"Unexpected msgpack code {code} ({MessagePackCode.ToFormatName(code)}) encountered.");
        }
    }

    /// <summary>A big-endian length of <paramref name="width"/> bytes, read into the header after what it holds.</summary>
    private long ReadLength(Span<byte> header, ref int length, int width)
    {
        var field = header.Slice(length, width);
        Take(field);
        length += width;
        return width switch
        {
            1 => field[0],
            2 => BinaryPrimitives.ReadUInt16BigEndian(field),
            _ => BinaryPrimitives.ReadUInt32BigEndian(field),
        };
    }

    private byte Peek()
    {
        if (_next == _end)
        {
            NextPiece();
        }

        return _piece[_next];
    }

    private byte NextByte()
    {
        byte next = Peek();
        _next++;
        return next;
    }

    private void Take(Span<byte> into)
    {
        RequireAvailable(into.Length);
        while (!into.IsEmpty)
        {
            if (_next == _end)
            {
                NextPiece();
            }

            int step = Math.Min(into.Length, _end - _next);
            _piece.AsSpan(_next, step).CopyTo(into);
            _next += step;
            into = into[step..];
        }
    }

    private void Pass(long count, bool keep)
    {
        RequireAvailable(count);
        while (count > 0)
        {
            if (_next == _end)
            {
                NextPiece();
            }

            int step = (int)Math.Min(count, _end - _next);
            if (keep)
            {
                _kept.Write(_piece.AsSpan(_next, step));
            }

            _next += step;
            count -= step;
        }
    }

    /// <summary>The block's bytes after its value, read through the checksum; how many there were.</summary>
    private long PassTheRest()
    {
        long rest = _end - _next + _unread;
        while (_unread > 0)
        {
            NextPiece();
        }

        _next = _end;
        return rest;
    }

    /// <summary>A value that claims more bytes than the block has left ends in the middle.</summary>
    private void RequireAvailable(long count)
    {
        if (count > _end - _next + _unread)
        {
            throw new EndOfStreamException();
        }
    }

    private void NextPiece()
    {
        if (_unread == 0)
        {
            throw new EndOfStreamException();
        }

        int wanted = (int)Math.Min(_piece.Length, _unread);
        int got = _stream.ReadAtLeast(_piece.AsSpan(0, wanted), wanted, throwOnEndOfStream: false);
        _read += got;
        if (got < wanted)
        {
            throw _cutShort(_read);
        }

        _checksum.Append(_piece.AsSpan(0, got));
        _unread -= got;
        _next = 0;
        _end = got;
    }

    /// <summary>A value's header: how many values follow inside it (a map's keys and values), and how many bytes of its own.</summary>
    private readonly record struct Token(Kind Kind, long Children, long Payload);
}

/// <summary>
/// A metadata block read by <see cref="MetadataBlockReader"/>: the map it kept, how many bytes followed the block's value,
/// the checksum of all its bytes, the damage that stopped the reading (if any), and the thumbnail's length and bytes
/// (null unless kept).
/// </summary>
internal sealed record StreamedMetadata(ReadOnlyMemory<byte> Map, long BytesAfter, uint Checksum, Exception? Damage, int ThumbnailLength, byte[]? Thumbnail);

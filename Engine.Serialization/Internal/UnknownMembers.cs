using System.Buffers;
using System.ComponentModel;
using System.Runtime.CompilerServices;
using System.Xml;
using System.Xml.Linq;
using MessagePack;
using ProtoBuf;

namespace Engine.Serialization.Internal;

/// <summary>
/// The members of one loaded object that this build's model does not have (a newer game wrote them), kept beside the
/// object they came from, as the format they were read from wrote them (MessagePack key/value bytes, XML elements,
/// protobuf fields), and written back after its known members when the game is saved again in that format: an older
/// game that loads a newer save and saves it again loses nothing. A save in another format can't carry them (there is
/// no faithful translation), so it leaves them out. Kept for class instances only: a struct has no identity to keep
/// them by. Used by generated code.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class UnknownMembers
{
    private static readonly ConditionalWeakTable<object, UnknownMembers> Kept = new();

    // Until an object has kept something, saving never looks the table up.
    private static volatile bool _anyKept;

    private readonly byte[]? _pairs;
    private readonly XElement[]? _elements;
    private readonly ProtobufFields? _fields;

    private UnknownMembers(int count, byte[]? pairs, XElement[]? elements, ProtobufFields? fields)
    {
        Count = count;
        _pairs = pairs;
        _elements = elements;
        _fields = fields;
    }

    /// <summary>Whether any object has kept members since the process started.</summary>
    internal static bool AnyKept => _anyKept;

    /// <summary>How many MessagePack key/value pairs are kept (what a MessagePack map header counts).</summary>
    public int Count { get; }

    /// <summary>The members kept with <paramref name="value"/>, or null.</summary>
    public static UnknownMembers? Of(object value) => _anyKept && Kept.TryGetValue(value, out var kept) ? kept : null;

    /// <summary>Gives <paramref name="copy"/> the members kept with <paramref name="original"/> (they are never changed, so shared).</summary>
    public static void Copy(object original, object copy)
    {
        if (Of(original) is { } kept)
        {
            Kept.AddOrUpdate(copy, kept);
        }
    }

    /// <summary>
    /// Gives a snapshot <paramref name="copy"/> the members kept with <paramref name="original"/> now, dropping any it
    /// kept before; true when they differ from what it held.
    /// </summary>
    public static bool Refresh(object original, object copy)
    {
        if (!_anyKept)
        {
            return false;
        }

        var kept = Of(original);
        if (ReferenceEquals(kept, Of(copy)))
        {
            return false;
        }

        if (kept is null)
        {
            Kept.Remove(copy);
        }
        else
        {
            Kept.AddOrUpdate(copy, kept);
        }

        return true;
    }

    /// <summary>Writes the kept MessagePack pairs; the map header written before them counted <see cref="Count"/>.</summary>
    public void WriteTo(ref MessagePackWriter writer)
    {
        if (_pairs is not null)
        {
            writer.WriteRaw(_pairs);
        }
    }

    /// <summary>Writes the kept XML elements, after the object's own.</summary>
    public void WriteXml(XmlWriter writer)
    {
        foreach (var element in _elements ?? [])
        {
            element.WriteTo(writer);
        }
    }

    /// <summary>Writes the kept protobuf fields, after the message's own.</summary>
    public void WriteProtobuf(ref ProtoWriter.State state)
    {
        if (_fields is not null)
        {
            state.AppendExtensionData(_fields);
        }
    }

    /// <summary>Collects the unknown members met while one object is read.</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public struct Collector
    {
        private ArrayBufferWriter<byte>? _pairs;
        private int _count;
        private List<XElement>? _elements;
        private ProtobufFields? _fields;

        /// <summary>
        /// Skips the MessagePack value after an unknown key that started <paramref name="keyStart"/> bytes into the
        /// reader's sequence, keeping both. An offset rather than a position: taking the position before every key
        /// costs a load more than all the unknown keys do.
        /// </summary>
        public void Add(ref MessagePackReader reader, long keyStart)
        {
            CodecSupport.Creating();
            CodecSupport.SkipValue(ref reader);
            var pair = reader.Sequence.Slice(keyStart, reader.Consumed - keyStart);
            _pairs ??= new ArrayBufferWriter<byte>((int)Math.Min(pair.Length, 4096));
            foreach (var segment in pair)
            {
                _pairs.Write(segment.Span);
            }

            _count++;
        }

        /// <summary>Keeps the XML element the reader is at, moving past it.</summary>
        public void AddXml(XmlReader reader) => (_elements ??= []).Add(XmlCodec.ReadElement(reader));

        /// <summary>Keeps the protobuf field whose header was just read.</summary>
        public void AddProtobuf(ref ProtoReader.State state)
        {
            CodecSupport.Creating();
            state.AppendExtensionData(_fields ??= new ProtobufFields());
        }

        /// <summary>Keeps what was collected with the object just read.</summary>
        public readonly void KeepWith(object value)
        {
            if (_count > 0 || _elements is not null || _fields is not null)
            {
                Kept.AddOrUpdate(value, new UnknownMembers(_count, _pairs?.WrittenSpan.ToArray(), _elements?.ToArray(), _fields));
                _anyKept = true;
            }
        }
    }

    /// <summary>
    /// Unknown protobuf fields, as protobuf-net hands them over: the raw bytes of each field, one after another, in one
    /// growing buffer. protobuf-net's own BufferExtension copies all it holds for every field it appends, which a message
    /// of many small unknown fields would make quadratic.
    /// </summary>
    private sealed class ProtobufFields : IExtensible, IExtension
    {
        private readonly MemoryStream _bytes = new();
        private long _appendStart;

        public IExtension GetExtensionObject(bool createIfMissing) => this;

        public Stream BeginAppend()
        {
            _appendStart = _bytes.Length;
            return _bytes;
        }

        public void EndAppend(Stream stream, bool commit)
        {
            if (!commit)
            {
                _bytes.SetLength(_appendStart);
            }
        }

        public Stream BeginQuery() => new MemoryStream(_bytes.GetBuffer(), 0, (int)_bytes.Length, writable: false);

        public void EndQuery(Stream stream) => stream.Dispose();

        public int GetLength() => (int)_bytes.Length;
    }
}

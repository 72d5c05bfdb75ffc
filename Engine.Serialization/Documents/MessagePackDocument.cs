using System.Buffers;
using Engine.Serialization.Errors;
using Engine.Serialization.Formats.MessagePack;
using Engine.Serialization.Internal;
using Engine.Serialization.Migrations;
using MessagePack;

namespace Engine.Serialization.Documents;

/// <summary>
/// A MessagePack payload as an editable document for migration steps; opening one checks the whole structure, which
/// tools that read a payload without its model rely on. Members keep their original bytes until a step opens them, so
/// the untouched bulk of a save (height grids, logs) is copied, never decoded. Nesting is bounded at
/// <see cref="CodecSupport.MaxDocumentDepth"/>, which every save a load takes fits. A union's value is the array
/// <c>[case key, object]</c>: its object is the case's, the array written back around it.
/// </summary>
internal sealed class MessagePackDocument : SaveDocument
{
    private const int MaxDepth = CodecSupport.MaxDocumentDepth;

    private readonly Map _root;

    public MessagePackDocument(ReadOnlyMemory<byte> payload)
    {
        try
        {
            _root = Map.Parse(payload, depth: 1, Edits, wholePayload: true);
        }
        catch (Exception e) when (e is MessagePackSerializationException or EndOfStreamException or InvalidOperationException)
        {
            throw new SaveCorruptedException($"The MessagePack payload is not a well-formed document ({e.Message.TrimEnd('.')}).", innerException: e);
        }
    }

    public override DocumentObject Root => _root;

    public override byte[] Encode()
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new MessagePackWriter(buffer);
        _root.Write(ref writer);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    private delegate void WriteValue(ref MessagePackWriter writer);

    private interface INode
    {
        void Write(ref MessagePackWriter writer);
    }

    /// <summary>One whole MessagePack value, as it was read or as a step set it.</summary>
    private sealed class Raw(ReadOnlyMemory<byte> bytes) : INode
    {
        public ReadOnlyMemory<byte> Bytes { get; } = bytes;

        public static Raw Of(WriteValue write)
        {
            var buffer = new ArrayBufferWriter<byte>();
            var writer = new MessagePackWriter(buffer);
            write(ref writer);
            writer.Flush();
            return new Raw(buffer.WrittenMemory);
        }

        public MessagePackReader Reader() => new(Bytes);

        public bool IsNil => Reader().IsNil;

        public void Write(ref MessagePackWriter writer) => writer.WriteRaw(Bytes.Span);
    }

    /// <summary>A list's items: their objects, and nil items as they were.</summary>
    private sealed class List(List<INode> items) : INode
    {
        public IReadOnlyList<DocumentObject> Objects { get; } = [.. items.OfType<Map>()];

        public void Write(ref MessagePackWriter writer)
        {
            writer.WriteArrayHeader(items.Count);
            foreach (var item in items)
            {
                item.Write(ref writer);
            }
        }
    }

    private sealed class DictionaryNode : INode
    {
        public List<Entry> Entries { get; } = [];

        public void Write(ref MessagePackWriter writer)
        {
            writer.WriteMapHeader(Entries.Count);
            foreach (var entry in Entries)
            {
                entry.Write(ref writer);
            }
        }
    }

    private sealed class Entry(DictionaryNode dictionary, Raw key, Raw value, int depth, DocumentEdits edits) : DocumentEntry
    {
        private Raw _key = key;
        private INode _value = value;

        public override DocumentObject? Value
        {
            get
            {
                if (_value is Raw raw && Map.Open(raw.Bytes, depth, edits) is { } opened)
                {
                    _value = opened;
                }

                return _value as Map;
            }
        }

        public override string GetKeyString() => _key.Reader().ReadString() ?? throw new InvalidOperationException("a dictionary key is nil");

        public override long GetKeyInt64() => _key.Reader().ReadInt64();

        public override void SetKey(string key) => Rekey(Raw.Of((ref MessagePackWriter w) => w.Write(key)), key);

        public override void SetKey(long key) => Rekey(Raw.Of((ref MessagePackWriter w) => w.Write(key)), key);

        public void Write(ref MessagePackWriter writer)
        {
            _key.Write(ref writer);
            _value.Write(ref writer);
        }

        private void Rekey(Raw key, object shown)
        {
            if (dictionary.Entries.Exists(other => other != this && other._key.Bytes.Span.SequenceEqual(key.Bytes.Span)))
            {
                throw new InvalidOperationException($"the dictionary already has the key {shown}");
            }

            _key = key;
            edits.Changed();
        }
    }

    private sealed class Map : DocumentObject, INode
    {
        private readonly List<(string Name, INode Value)> _members;
        private readonly int _depth;
        private readonly DocumentEdits _edits;
        private readonly int? _unionCase;

        private Map(List<(string Name, INode Value)> members, int depth, DocumentEdits edits, int? unionCase)
        {
            _members = members;
            _depth = depth;
            _edits = edits;
            _unionCase = unionCase;
        }

        public override int? UnionCase => _unionCase;

        public static Map Parse(ReadOnlyMemory<byte> bytes, int depth, DocumentEdits edits, bool wholePayload = false, int? unionCase = null)
        {
            CheckDepth(depth);
            var reader = new MessagePackReader(bytes);
            if (reader.NextMessagePackType != MessagePackType.Map)
            {
                throw new InvalidOperationException($"expected an object, found {reader.NextMessagePackType}");
            }

            int count = reader.ReadMapHeader();
            var members = new List<(string, INode)>();
            for (int i = 0; i < count; i++)
            {
                if (reader.NextMessagePackType != MessagePackType.String)
                {
                    throw new InvalidOperationException($"a member name is {reader.NextMessagePackType}, not text");
                }

                LoadBudget.Check();
                string name = reader.ReadString()!;
                long start = reader.Consumed;
                Skip(ref reader, depth + 1);
                members.Add((name, new Raw(bytes.Slice((int)start, (int)(reader.Consumed - start)))));
            }

            if (wholePayload && !reader.End)
            {
                throw new InvalidOperationException($"{bytes.Length - reader.Consumed} unexpected bytes after the game");
            }

            return new Map(members, depth, edits, unionCase);
        }

        /// <summary>The object a value at <paramref name="depth"/> holds: null for nil, a union's case object for <c>[key, object]</c>.</summary>
        public static Map? Open(ReadOnlyMemory<byte> bytes, int depth, DocumentEdits edits)
        {
            var reader = new MessagePackReader(bytes);
            if (reader.IsNil)
            {
                return null;
            }

            if (reader.NextMessagePackType != MessagePackType.Array)
            {
                return Parse(bytes, depth, edits);
            }

            CheckDepth(depth);
            if (reader.ReadArrayHeader() != 2 || reader.NextMessagePackType != MessagePackType.Integer)
            {
                throw new InvalidOperationException("expected an object or a union's [case, object], found another array");
            }

            int unionCase = reader.ReadInt32();
            return Parse(bytes[(int)reader.Consumed..], depth + 1, edits, unionCase: unionCase);
        }

        public override bool Has(string member) => IndexOf(member) >= 0;

        public override DocumentObject? Object(string member)
        {
            int index = IndexOf(member);
            switch (index < 0 ? null : _members[index].Value)
            {
                case null:
                    return null;
                case Map map:
                    return map;
                case Raw raw:
                    var opened = Open(raw.Bytes, _depth + 1, _edits);
                    if (opened is not null)
                    {
                        _members[index] = (member, opened);
                    }

                    return opened;
                default:
                    throw new InvalidOperationException($"'{member}' is a list or a dictionary, not an object");
            }
        }

        public override IReadOnlyList<DocumentObject> Objects(string member)
        {
            int index = IndexOf(member);
            switch (index < 0 ? null : _members[index].Value)
            {
                case null:
                    return [];
                case List list:
                    return list.Objects;
                case Raw raw when raw.IsNil:
                    return [];
                case Raw raw:
                    var reader = raw.Reader();
                    if (reader.NextMessagePackType != MessagePackType.Array)
                    {
                        throw new InvalidOperationException($"'{member}' is not a list");
                    }

                    CheckDepth(_depth + 1);
                    int count = reader.ReadArrayHeader();
                    var items = new List<INode>();
                    for (int i = 0; i < count; i++)
                    {
                        LoadBudget.Check();
                        long start = reader.Consumed;
                        Skip(ref reader, _depth + 2);
                        var item = raw.Bytes.Slice((int)start, (int)(reader.Consumed - start));
                        items.Add(Open(item, _depth + 2, _edits) ?? (INode)new Raw(item));
                    }

                    var opened = new List(items);
                    _members[index] = (member, opened);
                    return opened.Objects;
                default:
                    throw new InvalidOperationException($"'{member}' is an object or a dictionary, not a list");
            }
        }

        public override IReadOnlyList<DocumentEntry> Dictionary(string member)
        {
            int index = IndexOf(member);
            switch (index < 0 ? null : _members[index].Value)
            {
                case null:
                    return [];
                case DictionaryNode dictionary:
                    return dictionary.Entries;
                case Raw raw when raw.IsNil:
                    return [];
                case Raw raw:
                    var reader = raw.Reader();
                    if (reader.NextMessagePackType != MessagePackType.Map)
                    {
                        throw new InvalidOperationException($"'{member}' is not a dictionary");
                    }

                    CheckDepth(_depth + 1);
                    int count = reader.ReadMapHeader();
                    var opened = new DictionaryNode();
                    for (int i = 0; i < count; i++)
                    {
                        LoadBudget.Check();
                        var key = Next(ref reader, raw.Bytes);
                        var value = Next(ref reader, raw.Bytes);
                        opened.Entries.Add(new Entry(opened, key, value, _depth + 2, _edits));
                    }

                    _members[index] = (member, opened);
                    return opened.Entries;
                default:
                    throw new InvalidOperationException($"'{member}' is an object or a list, not a dictionary");
            }
        }

        public override bool Rename(string member, string newName)
        {
            int index = IndexOf(member);
            if (index >= 0)
            {
                RemoveAt(newName);
                index = IndexOf(member);
                _members[index] = (newName, _members[index].Value);
            }

            return _edits.Sought("rename", member, index >= 0);
        }

        public override bool Remove(string member) => _edits.Sought("removal", member, RemoveAt(member));

        public override string? GetString(string member) => Read(member, (ref MessagePackReader r) => r.ReadString());

        public override long? GetInt64(string member) => Read(member, (ref MessagePackReader r) => (long?)r.ReadInt64());

        public override double? GetDouble(string member) => Read(member, (ref MessagePackReader r) => (double?)r.ReadDouble());

        public override bool? GetBoolean(string member) => Read(member, (ref MessagePackReader r) => (bool?)r.ReadBoolean());

        public override void SetString(string member, string value) => Set(member, Raw.Of((ref MessagePackWriter w) => w.Write(value)));

        public override void SetInt64(string member, long value) => Set(member, Raw.Of((ref MessagePackWriter w) => w.Write(value)));

        public override void SetDouble(string member, double value) => Set(member, Raw.Of((ref MessagePackWriter w) => w.Write(value)));

        public override void SetBoolean(string member, bool value) => Set(member, Raw.Of((ref MessagePackWriter w) => w.Write(value)));

        public void Write(ref MessagePackWriter writer)
        {
            if (_unionCase is { } unionCase)
            {
                writer.WriteArrayHeader(2);
                writer.Write(unionCase);
            }

            writer.WriteMapHeader(_members.Count);
            foreach (var (name, value) in _members)
            {
                writer.Write(name);
                value.Write(ref writer);
            }
        }

        private delegate T ReadValue<T>(ref MessagePackReader reader);

        private T? Read<T>(string member, ReadValue<T?> read)
        {
            int index = IndexOf(member);
            if (index < 0)
            {
                return default;
            }

            if (_members[index].Value is not Raw raw)
            {
                throw new InvalidOperationException($"'{member}' is an object, a list or a dictionary, not a value");
            }

            var reader = raw.Reader();
            return reader.TryReadNil() ? default : read(ref reader);
        }

        private void Set(string member, Raw value)
        {
            int index = IndexOf(member);
            if (index < 0)
            {
                _members.Add((member, value));
            }
            else
            {
                _members[index] = (member, value);
            }

            _edits.Changed();
        }

        private bool RemoveAt(string member)
        {
            int index = IndexOf(member);
            if (index >= 0)
            {
                _members.RemoveAt(index);
            }

            return index >= 0;
        }

        /// <summary>The whole value at the reader, one level below a dictionary's map.</summary>
        private Raw Next(ref MessagePackReader reader, ReadOnlyMemory<byte> bytes)
        {
            long start = reader.Consumed;
            Skip(ref reader, _depth + 2);
            return new Raw(bytes.Slice((int)start, (int)(reader.Consumed - start)));
        }

        private int IndexOf(string member) => _members.FindIndex(m => m.Name == member);

        private static void CheckDepth(int depth)
        {
            if (depth > MaxDepth)
            {
                throw new InvalidOperationException($"the document nests deeper than {MaxDepth} levels");
            }
        }

        private static void Skip(ref MessagePackReader reader, int depth) => MessagePackDecoding.Skip(ref reader, depth, MaxDepth);
    }
}

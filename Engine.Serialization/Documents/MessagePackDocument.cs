using System.Buffers;
using Engine.Serialization.Container;
using Engine.Serialization.Errors;
using Engine.Serialization.Formats.MessagePack;
using Engine.Serialization.Migrations;
using MessagePack;

namespace Engine.Serialization.Documents;

/// <summary>
/// A MessagePack payload as an editable document for migration steps; opening one checks the whole structure, which
/// tools that read a payload without its model rely on. Members keep their original bytes until a step opens them, so
/// the untouched bulk of a save (height grids, logs) is copied, never decoded. Nesting is bounded like the typed decode's.
/// </summary>
internal sealed class MessagePackDocument : SaveDocument
{
    private const int MaxDepth = SaveMetadataFormatterResolver.MaxDepth;

    private readonly Map _root;

    public MessagePackDocument(ReadOnlyMemory<byte> payload)
    {
        try
        {
            _root = Map.Parse(payload, depth: 1, wholePayload: true);
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

    private sealed class List(List<Map> items) : INode
    {
        public List<Map> Items { get; } = items;

        public void Write(ref MessagePackWriter writer)
        {
            writer.WriteArrayHeader(Items.Count);
            foreach (var item in Items)
            {
                item.Write(ref writer);
            }
        }
    }

    private sealed class Map : DocumentObject, INode
    {
        private readonly List<(string Name, INode Value)> _members;
        private readonly int _depth;

        private Map(List<(string Name, INode Value)> members, int depth)
        {
            _members = members;
            _depth = depth;
        }

        public static Map Parse(ReadOnlyMemory<byte> bytes, int depth, bool wholePayload = false)
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

            return new Map(members, depth);
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
                case Raw raw when raw.IsNil:
                    return null;
                case Raw raw:
                    var parsed = Parse(raw.Bytes, _depth + 1);
                    _members[index] = (member, parsed);
                    return parsed;
                default:
                    throw new InvalidOperationException($"'{member}' is a list, not an object");
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
                    return list.Items;
                case Raw raw when raw.IsNil:
                    return [];
                case Raw raw:
                    var reader = raw.Reader();
                    int count = reader.ReadArrayHeader();
                    var items = new List<Map>();
                    for (int i = 0; i < count; i++)
                    {
                        LoadBudget.Check();
                        long start = reader.Consumed;
                        Skip(ref reader, _depth + 2);
                        items.Add(Parse(raw.Bytes.Slice((int)start, (int)(reader.Consumed - start)), _depth + 2));
                    }

                    _members[index] = (member, new List(items));
                    return items;
                default:
                    throw new InvalidOperationException($"'{member}' is an object, not a list");
            }
        }

        public override bool Rename(string member, string newName)
        {
            int index = IndexOf(member);
            if (index < 0)
            {
                return false;
            }

            Remove(newName);
            index = IndexOf(member);
            _members[index] = (newName, _members[index].Value);
            return true;
        }

        public override bool Remove(string member)
        {
            int index = IndexOf(member);
            if (index >= 0)
            {
                _members.RemoveAt(index);
            }

            return index >= 0;
        }

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
                throw new InvalidOperationException($"'{member}' is an object or a list, not a value");
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

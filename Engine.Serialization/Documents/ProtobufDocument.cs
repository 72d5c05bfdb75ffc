using System.Buffers;
using System.Text;
using Engine.Serialization.Errors;
using Engine.Serialization.Generator.Analysis;
using Engine.Serialization.Inspection;
using Engine.Serialization.Internal;
using Engine.Serialization.Migrations;

namespace Engine.Serialization.Documents;

/// <summary>
/// A protobuf payload as an editable document for migration steps. The .proto the save's schema was written with (the
/// record the model keeps of it) names each field; a member is found by its key as the .proto spells it
/// (<see cref="ProtoFieldNames.Snake"/>), and every field the saved message declares is a member even when the payload
/// leaves it out for its default (its value then reads as null). <see cref="Encode"/> writes the current schema's
/// message, each field under the number the current .proto gives its name; a union case keeps its number (its union
/// key + 1). A field the current message lacks keeps its saved number unless the current message uses that number. A
/// value whose saved type differs from the current one is widened when no value is lost (int32 to int64, float to
/// double) and refused otherwise, unless a step set it. Unions and items that may be null travel in wrapper messages,
/// which a step does not see, as in the other formats.
/// </summary>
internal sealed class ProtobufDocument : SaveDocument
{
    // A union's wrapper and a nullable item's wrapper each take a level besides the object inside them.
    private const int MaxDepth = (3 * CodecSupport.MaxNesting) + 8;

    private static readonly UTF8Encoding StrictUtf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    private readonly ProtoSchema _current;
    private readonly Message _root;

    private ProtobufDocument(ReadOnlyMemory<byte> payload, int schemaVersion, ProtoSchema saved, ProtoSchema current)
    {
        _current = current;
        try
        {
            _root = Message.Parse(payload, saved.Root, depth: 1, Edits);
        }
        catch (InvalidOperationException e)
        {
            throw new SaveCorruptedException(
                $"The protobuf payload is not a well-formed message of schema {schemaVersion} ({e.Message.TrimEnd('.')}).", innerException: e);
        }
    }

    public override DocumentObject Root => _root;

    /// <summary>
    /// The document of a protobuf save of <paramref name="schemaVersion"/> of <paramref name="model"/>, read by the record
    /// of that schema's field numbers the model keeps; refused when it keeps none.
    /// </summary>
    public static ProtobufDocument Open(ReadOnlyMemory<byte> payload, RegisteredModel model, int schemaVersion)
    {
        string? saved = schemaVersion == model.SchemaVersion ? model.Schemas.Proto : model.ProtoRecord(schemaVersion);
        if (saved is null)
        {
            throw NoRecord(model.ModelId, schemaVersion, model.SchemaVersion);
        }

        return new ProtobufDocument(payload, schemaVersion, Read(saved, model.ModelId, schemaVersion), Read(model.Schemas.Proto, model.ModelId, model.SchemaVersion));
    }

    /// <summary>The refusal of a protobuf save whose schema's field numbers the game's build has no record of.</summary>
    public static UnsupportedSaveVersionException NoRecord(string? modelId, int savedVersion, int currentVersion) => new(
        $"The save is from schema {savedVersion} in protobuf, which numbers its fields, and this build of the game lacks the record of schema {savedVersion}'s "
        + $"field numbers, so it can't be brought up to schema {currentVersion}: keep {modelId ?? "<model id>"}.schema-{savedVersion}.proto beside the model's .proto, "
        + "as build/schemas.sh does when the schema version goes up.");

    public override byte[] Encode()
    {
        var output = new ArrayBufferWriter<byte>();
        _root.Write(output, _current.Root, path: "");
        LoadBudget.Reserve(output.WrittenCount);
        return output.WrittenSpan.ToArray();
    }

    private static ProtoSchema Read(string proto, string modelId, int schemaVersion)
    {
        try
        {
            return ProtoSchema.Parse(proto);
        }
        catch (FormatException e)
        {
            throw new InvalidOperationException($"The record of schema {schemaVersion} of '{modelId}' is not a .proto the generator writes: {e.Message}", e);
        }
    }

    private static void CheckDepth(int depth)
    {
        if (depth > MaxDepth)
        {
            throw new InvalidOperationException($"the message nests deeper than {MaxDepth} levels");
        }
    }

    private static string Join(string path, string name) => path.Length == 0 ? name : path + "." + name;

    /// <summary>The value of a field, as it was read or as a step set it.</summary>
    private abstract class Node
    {
        /// <summary>Writes the value as field <paramref name="target"/> of the current message.</summary>
        public abstract void Write(IBufferWriter<byte> output, ProtoField target, ProtoField? saved, string path);
    }

    /// <summary>A declared field the payload leaves out (its default).</summary>
    private sealed class Absent : Node
    {
        public static readonly Absent Value = new();

        public override void Write(IBufferWriter<byte> output, ProtoField target, ProtoField? saved, string path)
        {
        }
    }

    /// <summary>One scalar as read: a number's bits, or a length-delimited value's bytes (text, bytes, a Timestamp).</summary>
    private sealed class Scalar(ProtoWireType wire, ulong bits, ReadOnlyMemory<byte> bytes) : Node
    {
        public ProtoWireType Wire { get; } = wire;

        public ulong Bits { get; } = bits;

        public ReadOnlyMemory<byte> Bytes { get; } = bytes;

        public override void Write(IBufferWriter<byte> output, ProtoField target, ProtoField? saved, string path)
        {
            if (Wire == ProtoWireType.LengthDelimited)
            {
                if (saved is not null && saved.TypeName != target.TypeName)
                {
                    throw Retyped(path, saved, target);
                }

                ProtoWireWriter.LengthDelimited(output, target.Number, Bytes.Span);
                return;
            }

            ulong bits = Converted(target, saved, path);
            ProtoWireWriter.Tag(output, target.Number, WireOf(target));
            ProtoWireWriter.Bits(output, WireOf(target), bits);
        }

        /// <summary>The bits as <paramref name="target"/>'s type holds the same value: the same, or widened.</summary>
        public ulong Converted(ProtoField target, ProtoField? saved, string path)
        {
            if (saved is null || saved.TypeName == target.TypeName
                || (IsWholeNumber(saved) && IsWholeNumber(target) && saved.Scalar == target.Scalar && Widens(saved.TypeName, target.TypeName)))
            {
                return Bits;
            }

            if (saved.TypeName == "float" && target.TypeName == "double")
            {
                return (ulong)BitConverter.DoubleToInt64Bits(BitConverter.Int32BitsToSingle((int)Bits));
            }

            throw Retyped(path, saved, target);
        }

        public long Int64(ProtoField saved, string member) => saved.TypeName switch
        {
            "int32" => (int)Bits,
            "uint32" => (uint)Bits,
            "bool" => Bits == 0 ? 0 : 1,
            "sint32" or "sint64" => (long)(Bits >> 1) ^ -(long)(Bits & 1),
            "float" or "double" => throw new InvalidOperationException($"'{member}' is a {saved.TypeName}, not a whole number"),
            _ when Wire == ProtoWireType.LengthDelimited => throw new InvalidOperationException($"'{member}' is {saved.TypeName}, not a whole number"),
            _ => (long)Bits,
        };

        public double Double(ProtoField saved, string member) => saved.TypeName switch
        {
            "float" => BitConverter.Int32BitsToSingle((int)Bits),
            "double" => BitConverter.Int64BitsToDouble((long)Bits),
            _ => Int64(saved, member),
        };

        public string Text(ProtoField saved, string member) => saved.TypeName == "string"
            ? StrictUtf8.GetString(Bytes.Span)
            : throw new InvalidOperationException($"'{member}' is {saved.TypeName}, not text");

        // Whole numbers of the same signedness, or unsigned into a wider signed one; enums are int32 on the wire.
        private static bool Widens(string saved, string target)
        {
            var (savedSigned, savedBits) = Rank(saved);
            var (targetSigned, targetBits) = Rank(target);
            return savedSigned == targetSigned ? savedBits <= targetBits : !savedSigned && savedBits < targetBits;
        }

        private static (bool Signed, int Bits) Rank(string type) => type switch
        {
            "int64" or "sint64" => (true, 64),
            "uint32" => (false, 32),
            "uint64" => (false, 64),
            _ => (true, 32),
        };
    }

    /// <summary>A value a step set: a whole number, a floating-point number, text or a boolean.</summary>
    private sealed class Set(object value) : Node
    {
        public object Value { get; } = value;

        public override void Write(IBufferWriter<byte> output, ProtoField target, ProtoField? saved, string path)
        {
            switch (Value)
            {
                case string text when target.TypeName == "string":
                    ProtoWireWriter.LengthDelimited(output, target.Number, StrictUtf8.GetBytes(text));
                    return;
                case bool flag when target.TypeName == "bool":
                    ProtoWireWriter.Tag(output, target.Number, ProtoWireType.Varint);
                    ProtoWireWriter.Varint(output, flag ? 1UL : 0UL);
                    return;
                case long or double when Bits(target, path) is { } bits:
                    ProtoWireWriter.Tag(output, target.Number, WireOf(target));
                    ProtoWireWriter.Bits(output, WireOf(target), bits);
                    return;
                default:
                    throw new InvalidOperationException($"{path} was set to {Describe(Value)}, and the model's field is {target.TypeName}");
            }
        }

        private ulong? Bits(ProtoField target, string path)
        {
            if (Value is double real)
            {
                return target.TypeName switch
                {
                    "double" => (ulong)BitConverter.DoubleToInt64Bits(real),
                    "float" => (uint)BitConverter.SingleToInt32Bits((float)real),
                    _ => null,
                };
            }

            long whole = (long)Value;
            (long Min, long Max) range = target.TypeName switch
            {
                "int32" or "sint32" => (int.MinValue, int.MaxValue),
                "uint32" => (0, uint.MaxValue),
                "uint64" or "fixed64" => (0, long.MaxValue),
                _ => (long.MinValue, long.MaxValue),
            };
            if (whole < range.Min || whole > range.Max)
            {
                throw new InvalidOperationException($"{path} was set to {whole}, which its {target.TypeName} field can't hold");
            }

            return target.TypeName switch
            {
                "double" => (ulong)BitConverter.DoubleToInt64Bits(whole),
                "float" => (uint)BitConverter.SingleToInt32Bits(whole),
                "sint32" or "sint64" => ZigZag(whole),
                "bool" or "string" or "bytes" => null,
                _ when target.Message is null && target.Scalar == ProtoScalarKind.Varint => (ulong)whole,
                _ => throw new InvalidOperationException($"{path} was set to the number {whole}, and the model's field is {target.TypeName}"),
            };
        }

        private static ulong ZigZag(long value) => (ulong)((value << 1) ^ (value >> 63));
    }

    /// <summary>A value a step set, for messages: "the number 3", "the text "x"".</summary>
    private static string Describe(object value) => value switch
    {
        string text => $"the text \"{text}\"",
        bool flag => flag ? "true" : "false",
        _ => $"the number {value}",
    };

    /// <summary>Every occurrence of a repeated field, in order.</summary>
    private sealed class Repeated : Node
    {
        public List<Node> Items { get; } = [];

        public override void Write(IBufferWriter<byte> output, ProtoField target, ProtoField? saved, string path)
        {
            if (Items.Count == 0)
            {
                return;
            }

            if (!target.Repeated)
            {
                throw new InvalidOperationException($"{path} is a list in the save and a single {target.TypeName} in the model");
            }

            if (target.Message is null && target.Scalar is not ProtoScalarKind.LengthDelimited)
            {
                // Packed, as the generated codecs write numbers.
                var packed = new ArrayBufferWriter<byte>();
                foreach (var item in Items)
                {
                    ulong bits = item is Scalar scalar ? scalar.Converted(target, saved, path)
                        : throw new InvalidOperationException($"{path} holds objects in the save and {target.TypeName} in the model");
                    ProtoWireWriter.Bits(packed, WireOf(target), bits);
                }

                ProtoWireWriter.LengthDelimited(output, target.Number, packed.WrittenSpan);
                return;
            }

            foreach (var item in Items)
            {
                item.Write(output, target, saved, path);
            }
        }
    }

    /// <summary>A field the saved message doesn't declare (a newer game's, kept by the reader): its bytes, as they were.</summary>
    private sealed record Unknown(int Number, ProtoWireType Wire, ulong Bits, ReadOnlyMemory<byte> Bytes);

    /// <summary>A member: its name as the .proto spells it, the field the saved message declares for it (none when a step added it), its value.</summary>
    private sealed class Member(string name, ProtoField? saved, Node value)
    {
        public string Name { get; set; } = name;

        public ProtoField? Saved { get; } = saved;

        public Node Value { get; set; } = value;
    }

    private sealed class Message : DocumentObject
    {
        private readonly ProtoMessage _type;
        private readonly List<Member> _members = [];
        private readonly List<Unknown> _unknown = [];
        private readonly DocumentEdits _edits;
        private readonly int? _unionCase;

        private Message(ProtoMessage type, DocumentEdits edits, int? unionCase)
        {
            _type = type;
            _edits = edits;
            _unionCase = unionCase;
        }

        public override int? UnionCase => _unionCase;

        /// <summary>The message of <paramref name="type"/> in <paramref name="bytes"/>, with its sub-messages.</summary>
        public static Message Parse(ReadOnlyMemory<byte> bytes, ProtoMessage type, int depth, DocumentEdits edits, int? unionCase = null)
        {
            CheckDepth(depth);
            var message = new Message(type, edits, unionCase);
            if (!type.IsUnion)
            {
                foreach (var field in type.Fields)
                {
                    message._members.Add(new Member(field.Name, field, field.Repeated ? new Repeated() : Absent.Value));
                }
            }

            var reader = new ProtoWireReader(bytes.Span);
            while (!reader.End)
            {
                LoadBudget.Check();
                var (number, wire) = reader.ReadTag();
                var field = type.Field(number);
                if (field is null)
                {
                    message._unknown.Add(wire == ProtoWireType.LengthDelimited
                        ? new Unknown(number, wire, 0, Slice(bytes, reader.ReadLengthDelimited()))
                        : new Unknown(number, wire, reader.ReadBits(wire), default));
                    continue;
                }

                if (field.Message is { } inner)
                {
                    Expect(field, wire, ProtoWireType.LengthDelimited);
                    int? innerCase = type.IsUnion ? field.Number - 1 : null;
                    message.Add(field, Parse(Slice(bytes, reader.ReadLengthDelimited()), inner, depth + 1, edits, innerCase).AsNode());
                }
                else if (field.Scalar == ProtoScalarKind.LengthDelimited)
                {
                    Expect(field, wire, ProtoWireType.LengthDelimited);
                    message.Add(field, new Scalar(wire, 0, Slice(bytes, reader.ReadLengthDelimited())));
                }
                else if (wire == ProtoWireType.LengthDelimited && field.Repeated)
                {
                    var packed = Slice(bytes, reader.ReadLengthDelimited());
                    var items = new ProtoWireReader(packed.Span);
                    while (!items.End)
                    {
                        LoadBudget.Check();
                        message.Add(field, new Scalar(WireOf(field), items.ReadBits(WireOf(field)), default));
                    }
                }
                else
                {
                    Expect(field, wire, WireOf(field));
                    message.Add(field, new Scalar(wire, reader.ReadBits(wire), default));
                }
            }

            return message;
        }

        /// <summary>The object a value holds, its wrappers taken off: null when it is null or holds no union case.</summary>
        public static Message? Open(Node node, string member) => node switch
        {
            Absent => null,
            MessageNode { Message: var message } when message._type.IsUnion => message._members.Count == 0 ? null : Open(message._members[0].Value, member),
            MessageNode { Message: var message } when IsNullableWrapper(message._type) => Open(message._members[0].Value, member),
            MessageNode { Message: var message } => message,
            _ => throw new InvalidOperationException($"'{member}' is a value or a list, not an object"),
        };

        public override bool Has(string member) => IndexOf(member) >= 0;

        public override DocumentObject? Object(string member) => IndexOf(member) is int index and >= 0 ? Open(_members[index].Value, member) : null;

        public override IReadOnlyList<DocumentObject> Objects(string member) => IndexOf(member) is int index and >= 0
            ? _members[index].Value switch
            {
                Absent => [],
                Repeated list => [.. list.Items.Select(item => Open(item, member)).OfType<Message>()],
                _ => throw new InvalidOperationException($"'{member}' is not a list"),
            }
            : [];

        public override IReadOnlyList<DocumentEntry> Dictionary(string member)
        {
            int index = IndexOf(member);
            switch (index < 0 ? Absent.Value : _members[index].Value)
            {
                case Absent:
                    return [];
                case Repeated list when list.Items.TrueForAll(item => item is MessageNode { Message._type: var type } && IsEntry(type)):
                    var entries = new List<Entry>();
                    foreach (var item in list.Items)
                    {
                        entries.Add(new Entry(entries, ((MessageNode)item).Message, member));
                    }

                    return entries;
                default:
                    throw new InvalidOperationException($"'{member}' is not a dictionary");
            }
        }

        public override bool Rename(string member, string newName)
        {
            int index = IndexOf(member);
            if (index >= 0)
            {
                RemoveAt(newName);
                index = IndexOf(member);
                _members[index].Name = ProtoFieldNames.Snake(newName);
            }

            return _edits.Sought("rename", member, index >= 0);
        }

        public override bool Remove(string member) => _edits.Sought("removal", member, RemoveAt(member));

        public override string? GetString(string member) => Read(member, (scalar, saved) => scalar.Text(saved, member), set => set as string);

        public override long? GetInt64(string member) => Read<long>(member, (scalar, saved) => scalar.Int64(saved, member), set => set is long whole ? whole : null);

        public override double? GetDouble(string member) =>
            Read<double>(member, (scalar, saved) => scalar.Double(saved, member), set => set switch { double real => real, long whole => whole, _ => null });

        public override bool? GetBoolean(string member) =>
            Read<bool>(member, (scalar, saved) => saved.TypeName == "bool" ? scalar.Bits != 0 : throw new InvalidOperationException($"'{member}' is {saved.TypeName}, not a boolean"), set => set as bool?);

        public override void SetString(string member, string value) => SetValue(member, value);

        public override void SetInt64(string member, long value) => SetValue(member, value);

        public override void SetDouble(string member, double value) => SetValue(member, value);

        public override void SetBoolean(string member, bool value) => SetValue(member, value);

        /// <summary>Writes the message as <paramref name="target"/> of the current schema (its fields by name; a union's cases by number).</summary>
        public void Write(IBufferWriter<byte> output, ProtoMessage target, string path)
        {
            foreach (var member in _members)
            {
                var field = target.IsUnion && member.Saved is { InOneof: true } saved ? target.Field(saved.Number) : target.Field(member.Name);
                if (field is null && member.Saved is { } kept && member.Value is not Set)
                {
                    // A member the current message names otherwise keeps its number: renamed by [FormerlySavedAs], it is that
                    // field, unless the steps gave the document a member of the field's own name. One the message lacks keeps its
                    // saved number, where that number is free, for the reader to keep.
                    field = target.Field(kept.Number) is { } renamed ? (_members.Exists(m => m.Name == renamed.Name) ? null : renamed) : kept;
                }

                if (field is not null)
                {
                    member.Value.Write(output, field, member.Saved, Join(path, member.Name));
                }
            }

            foreach (var unknown in _unknown.Where(unknown => target.Field(unknown.Number) is null))
            {
                if (unknown.Wire == ProtoWireType.LengthDelimited)
                {
                    ProtoWireWriter.LengthDelimited(output, unknown.Number, unknown.Bytes.Span);
                }
                else
                {
                    ProtoWireWriter.Tag(output, unknown.Number, unknown.Wire);
                    ProtoWireWriter.Bits(output, unknown.Wire, unknown.Bits);
                }
            }
        }

        private MessageNode AsNode() => new(this);

        private void Add(ProtoField field, Node value)
        {
            if (_type.IsUnion)
            {
                // One case at most: the last one read wins, as protobuf's oneof has it.
                _members.Clear();
                _members.Add(new Member(field.Name, field, value));
                return;
            }

            var member = _members.Find(m => m.Saved == field)!;
            if (member.Value is Repeated list)
            {
                list.Items.Add(value);
            }
            else
            {
                member.Value = value;
            }
        }

        private T? Read<T>(string member, Func<Scalar, ProtoField, T?> read, Func<object, T?> set)
            where T : struct
        {
            int index = IndexOf(member);
            return index < 0 ? null : _members[index].Value switch
            {
                Absent => null,
                Scalar scalar => read(scalar, _members[index].Saved!),
                Set { Value: var value } => set(value) ?? throw new InvalidOperationException($"'{member}' was set to {Describe(value)}, not a value of that kind"),
                _ => throw new InvalidOperationException($"'{member}' is an object or a list, not a value"),
            };
        }

        private string? Read(string member, Func<Scalar, ProtoField, string> read, Func<object, string?> set)
        {
            int index = IndexOf(member);
            return index < 0 ? null : _members[index].Value switch
            {
                Absent => null,
                Scalar scalar => read(scalar, _members[index].Saved!),
                Set { Value: var value } => set(value) ?? throw new InvalidOperationException($"'{member}' was set to {Describe(value)}, not text"),
                _ => throw new InvalidOperationException($"'{member}' is an object or a list, not a value"),
            };
        }

        private void SetValue(string member, object value)
        {
            int index = IndexOf(member);
            if (index < 0)
            {
                _members.Add(new Member(ProtoFieldNames.Snake(member), null, new Set(value)));
            }
            else
            {
                _members[index].Value = new Set(value);
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

        private int IndexOf(string member)
        {
            string name = ProtoFieldNames.Snake(member);
            return _members.FindIndex(m => m.Name == name);
        }

        /// <summary>A dictionary's entry: key 1, value 2.</summary>
        private static bool IsEntry(ProtoMessage type) =>
            type.Fields is [{ Name: "key", Number: 1, Repeated: false }, { Name: "value", Number: 2, Repeated: false }];

        /// <summary>The message around a list item that may be null: absent for null.</summary>
        private static bool IsNullableWrapper(ProtoMessage type) =>
            type.Name.StartsWith("Nullable", StringComparison.Ordinal) && type.Fields is [{ Name: "value", Number: 1, Repeated: false }];

        private static void Expect(ProtoField field, ProtoWireType wire, ProtoWireType expected)
        {
            if (wire != expected)
            {
                throw new InvalidOperationException($"field {field.Name} ({field.Number}) has the wire type {(int)wire}, not {field.TypeName}'s {(int)expected}");
            }
        }

        /// <summary>A dictionary entry's key and value, within the entries of its dictionary.</summary>
        private sealed class Entry(List<Entry> entries, Message entry, string dictionary) : DocumentEntry
        {
            public override DocumentObject? Value => entry.Object("value");

            public override string GetKeyString() => entry.GetString("key") ?? "";

            public override long GetKeyInt64() => entry.GetInt64("key") ?? 0;

            public override void SetKey(string key) => Rekey(key, other => other.GetKeyString() == key);

            public override void SetKey(long key) => Rekey(key, other => other.GetKeyInt64() == key);

            private void Rekey(object key, Func<Entry, bool> same)
            {
                if (entries.Exists(other => other != this && same(other)))
                {
                    throw new InvalidOperationException($"the dictionary '{dictionary}' already has the key {key}");
                }

                entry.SetValue("key", key);
            }
        }
    }

    /// <summary>A sub-message as a field's value.</summary>
    private sealed class MessageNode(Message message) : Node
    {
        public Message Message { get; } = message;

        public override void Write(IBufferWriter<byte> output, ProtoField target, ProtoField? saved, string path)
        {
            if (target.Message is not { } type)
            {
                throw new InvalidOperationException($"{path} is a {saved?.TypeName ?? "message"} in the save and {target.TypeName} in the model: a migration step must convert it");
            }

            var inner = new ArrayBufferWriter<byte>();
            Message.Write(inner, type, path);
            ProtoWireWriter.LengthDelimited(output, target.Number, inner.WrittenSpan);
        }
    }

    private static ReadOnlyMemory<byte> Slice(ReadOnlyMemory<byte> bytes, (int Start, int Length) at) => bytes.Slice(at.Start, at.Length);

    private static bool IsWholeNumber(ProtoField field) => field.Scalar is ProtoScalarKind.Varint or ProtoScalarKind.ZigZag && field.TypeName != "bool";

    private static ProtoWireType WireOf(ProtoField field) => field.Scalar switch
    {
        ProtoScalarKind.Fixed32 => ProtoWireType.Fixed32,
        ProtoScalarKind.Fixed64 => ProtoWireType.Fixed64,
        ProtoScalarKind.LengthDelimited or ProtoScalarKind.Message => ProtoWireType.LengthDelimited,
        _ => ProtoWireType.Varint,
    };

    private static InvalidOperationException Retyped(string path, ProtoField saved, ProtoField target) =>
        new($"{path} is {saved.TypeName} in the save and {target.TypeName} in the model: a migration step must convert it");
}

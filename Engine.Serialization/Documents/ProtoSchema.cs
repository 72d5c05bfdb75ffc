using System.Globalization;

namespace Engine.Serialization.Documents;

/// <summary>
/// The field tables of a .proto the generator wrote (proto2 messages of optional and repeated fields, a <c>oneof</c> per
/// union, enums, reserved numbers, options, the well-known Timestamp and Duration): for each message, its fields by name
/// and by number, with their types. The root message is the first. It reads the files the generator writes, not every
/// .proto.
/// </summary>
internal sealed class ProtoSchema
{
    private readonly Dictionary<string, ProtoMessage> _messages = new(StringComparer.Ordinal);
    private readonly HashSet<string> _enums = new(StringComparer.Ordinal);

    private ProtoSchema(string text)
    {
        var tokens = new Tokens(text);
        ProtoMessage? first = null;
        while (tokens.Next() is { } token)
        {
            switch (token)
            {
                case "syntax" or "package" or "import" or "option":
                    tokens.SkipStatement();
                    break;
                case "message":
                    var message = ReadMessage(tokens);
                    first ??= message;
                    break;
                case "enum":
                    _enums.Add(tokens.Name());
                    tokens.SkipBlock();
                    break;
                default:
                    throw tokens.Unexpected(token);
            }
        }

        Root = first ?? throw new FormatException("it declares no message");
        foreach (var field in _messages.Values.SelectMany(m => m.Fields))
        {
            field.Resolve(this);
        }
    }

    public ProtoMessage Root { get; }

    /// <summary>The tables of <paramref name="text"/>; a text it can't read throws <see cref="FormatException"/>.</summary>
    public static ProtoSchema Parse(string text) => new(text);

    public ProtoMessage? Message(string name) => _messages.GetValueOrDefault(name);

    public bool IsEnum(string name) => _enums.Contains(name);

    private ProtoMessage ReadMessage(Tokens tokens)
    {
        var message = new ProtoMessage(tokens.Name());
        if (!_messages.TryAdd(message.Name, message))
        {
            throw new FormatException($"message {message.Name} is declared twice");
        }

        tokens.Expect("{");
        while (tokens.Next() is var token && token != "}")
        {
            switch (token)
            {
                case null:
                    throw tokens.Unexpected(token);
                case "reserved" or "option":
                    tokens.SkipStatement();
                    break;
                case "oneof":
                    tokens.Name();
                    tokens.Expect("{");
                    while (tokens.Peek() != "}")
                    {
                        message.Add(ReadField(tokens, tokens.Name(), repeated: false, inOneof: true));
                    }

                    tokens.Expect("}");
                    break;
                case "optional" or "required":
                    message.Add(ReadField(tokens, tokens.Name(), repeated: false, inOneof: false));
                    break;
                case "repeated":
                    message.Add(ReadField(tokens, tokens.Name(), repeated: true, inOneof: false));
                    break;
                default:
                    throw tokens.Unexpected(token);
            }
        }

        return message;
    }

    private static ProtoField ReadField(Tokens tokens, string type, bool repeated, bool inOneof)
    {
        string name = tokens.Name();
        tokens.Expect("=");
        string number = tokens.Name();
        if (!int.TryParse(number, NumberStyles.None, CultureInfo.InvariantCulture, out int value) || value is < 1 or > ProtoField.MaxNumber)
        {
            throw new FormatException($"field {name} has the number '{number}'");
        }

        tokens.SkipStatement();
        return new ProtoField(name, value, type, repeated, inOneof);
    }

    /// <summary>The .proto's words and marks, comments and string literals left out.</summary>
    private sealed class Tokens(string text)
    {
        private int _at;
        private string? _peeked;

        public string? Next()
        {
            if (_peeked is { } peeked)
            {
                _peeked = null;
                return peeked;
            }

            while (_at < text.Length)
            {
                char c = text[_at];
                if (char.IsWhiteSpace(c))
                {
                    _at++;
                }
                else if (c == '/' && _at + 1 < text.Length && text[_at + 1] == '/')
                {
                    int end = text.IndexOf('\n', _at);
                    _at = end < 0 ? text.Length : end;
                }
                else if (c == '"')
                {
                    int end = _at + 1;
                    while (end < text.Length && text[end] != '"')
                    {
                        end += text[end] == '\\' ? 2 : 1;
                    }

                    _at = end + 1;
                    return "\"";
                }
                else if (char.IsLetterOrDigit(c) || c is '_' or '.' or '-' or '+')
                {
                    int start = _at;
                    while (_at < text.Length && (char.IsLetterOrDigit(text[_at]) || text[_at] is '_' or '.' or '-' or '+'))
                    {
                        _at++;
                    }

                    return text[start.._at];
                }
                else
                {
                    _at++;
                    return c.ToString();
                }
            }

            return null;
        }

        public string? Peek() => _peeked ??= Next();

        public string Name()
        {
            string? token = Next();
            return token is not null && (char.IsLetterOrDigit(token[0]) || token[0] == '_') ? token : throw Unexpected(token);
        }

        public void Expect(string mark)
        {
            string? token = Next();
            if (token != mark)
            {
                throw Unexpected(token);
            }
        }

        /// <summary>Skips to the end of the statement (past its <c>;</c>).</summary>
        public void SkipStatement()
        {
            while (Next() is { } token && token != ";")
            {
            }
        }

        public void SkipBlock()
        {
            Expect("{");
            for (int depth = 1; depth > 0;)
            {
                depth += Next() switch
                {
                    "{" => 1,
                    "}" => -1,
                    null => throw Unexpected(null),
                    _ => 0,
                };
            }
        }

        public FormatException Unexpected(string? token) =>
            new(token is null ? "it ends too soon" : $"'{token}' at character {_at} is not what the generator writes there");
    }
}

/// <summary>One message's fields, by name and by number.</summary>
internal sealed class ProtoMessage(string name)
{
    private readonly Dictionary<string, ProtoField> _byName = new(StringComparer.Ordinal);
    private readonly Dictionary<int, ProtoField> _byNumber = [];
    private readonly List<ProtoField> _fields = [];

    public string Name { get; } = name;

    public IReadOnlyList<ProtoField> Fields => _fields;

    /// <summary>Whether the message is a union's: its fields are the cases of a <c>oneof</c>, numbered by union key + 1.</summary>
    public bool IsUnion => _fields.Count > 0 && _fields.TrueForAll(f => f.InOneof);

    public ProtoField? Field(string fieldName) => _byName.GetValueOrDefault(fieldName);

    public ProtoField? Field(int number) => _byNumber.GetValueOrDefault(number);

    public void Add(ProtoField field)
    {
        if (!_byName.TryAdd(field.Name, field) || !_byNumber.TryAdd(field.Number, field))
        {
            throw new FormatException($"message {Name} has its field {field.Name} or number {field.Number} twice");
        }

        _fields.Add(field);
    }
}

/// <summary>One field of a message: its name, number and type.</summary>
internal sealed class ProtoField(string name, int number, string typeName, bool repeated, bool inOneof)
{
    public const int MaxNumber = (1 << 29) - 1;

    public string Name { get; } = name;

    public int Number { get; } = number;

    /// <summary>The type as the .proto spells it: <c>int32</c>, <c>google.protobuf.Timestamp</c>, a message's or enum's name.</summary>
    public string TypeName { get; } = typeName;

    public bool Repeated { get; } = repeated;

    public bool InOneof { get; } = inOneof;

    /// <summary>The message the field holds, or null for a scalar (a number, text, bytes, an enum).</summary>
    public ProtoMessage? Message { get; private set; }

    public ProtoScalarKind Scalar { get; private set; }

    public void Resolve(ProtoSchema schema)
    {
        Scalar = TypeName switch
        {
            "int32" or "int64" or "uint32" or "uint64" or "bool" => ProtoScalarKind.Varint,
            "sint32" or "sint64" => ProtoScalarKind.ZigZag,
            "float" or "fixed32" or "sfixed32" => ProtoScalarKind.Fixed32,
            "double" or "fixed64" or "sfixed64" => ProtoScalarKind.Fixed64,
            // A Timestamp or a Duration is copied as it is, as text and bytes are.
            "string" or "bytes" or "google.protobuf.Timestamp" or "google.protobuf.Duration" => ProtoScalarKind.LengthDelimited,
            _ when schema.IsEnum(TypeName) => ProtoScalarKind.Varint,
            _ => ProtoScalarKind.Message,
        };
        if (Scalar == ProtoScalarKind.Message)
        {
            Message = schema.Message(TypeName) ?? throw new FormatException($"field {Name} has the type {TypeName}, which the file doesn't declare");
        }
    }
}

/// <summary>How a field's value is written on the wire.</summary>
internal enum ProtoScalarKind
{
    Message,
    Varint,
    ZigZag,
    Fixed32,
    Fixed64,
    LengthDelimited,
}

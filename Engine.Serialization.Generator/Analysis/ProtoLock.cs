using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Text.RegularExpressions;

namespace Engine.Serialization.Generator.Analysis;

/// <summary>
/// The field numbers a model's checked-in <c>.proto</c> records: for each message, each field's number and type, and the
/// numbers and names kept reserved for removed fields. The generator reads it back so a member keeps its number for
/// good and keeps a type its saves can be read as; it understands the files it writes (and hand edits of them), not
/// every .proto.
/// </summary>
internal sealed class ProtoLock
{
    private static readonly Regex Field = new(@"^(?:(optional|required|repeated)\s+)?([\w.]+(?:<[^>]*>)?)\s+(\w+)\s*=\s*(\d+)", RegexOptions.CultureInvariant);
    private static readonly Regex Header = new(@"^//.*save model '([^']*)' \(schema version (\d+)\)", RegexOptions.CultureInvariant);
    private static readonly Regex Block = new(@"^(message|oneof|enum)\s+(\w+)$", RegexOptions.CultureInvariant);
    private static readonly Regex TypeComment = new(@"^//\s*([A-Za-z_][\w`]*(?:\.[A-Za-z_][\w`]*)+)\s*$", RegexOptions.CultureInvariant);

    public Dictionary<string, LockedMessage> Messages { get; } = new();

    /// <summary>The names of the enums the record declares (a field of one is no message).</summary>
    public HashSet<string> Enums { get; } = new();

    /// <summary>Problems found reading the files: a field given a number twice, a reserved number in use.</summary>
    public List<string> Problems { get; } = new();

    private static readonly Regex KeptName = new(@"^(?<id>.+)\.schema-(?<version>[1-9][0-9]{0,8})\.proto$", RegexOptions.CultureInvariant | RegexOptions.IgnoreCase);

    /// <summary>
    /// The model id and schema version of a kept record of an earlier schema (<c>{id}.schema-{N}.proto</c>, the file
    /// build/schemas.sh keeps when the schema version goes up), or null for a model's current .proto.
    /// </summary>
    public static (string ModelId, int SchemaVersion)? KeptSchema(string path)
    {
        var match = KeptName.Match(System.IO.Path.GetFileName(path));
        return match.Success ? (match.Groups["id"].Value, int.Parse(match.Groups["version"].Value, System.Globalization.CultureInfo.InvariantCulture)) : null;
    }

    /// <summary>The record of the current schemas; kept records of earlier ones are left out (their numbers stay reserved in the current one).</summary>
    public static ProtoLock Read(IEnumerable<(string Path, string Text)> files)
    {
        var locked = new ProtoLock();
        foreach (var (path, text) in files.Where(f => KeptSchema(f.Path) is null).OrderBy(f => f.Path, System.StringComparer.Ordinal))
        {
            locked.ReadFile(path, text);
        }

        foreach (var message in locked.Messages.Values)
        {
            foreach (var group in message.Fields.GroupBy(f => f.Value).Where(g => g.Count() > 1))
            {
                locked.Problems.Add($"message {message.Name} gives fields {string.Join(" and ", group.Select(f => f.Key))} the number {group.Key}");
            }

            foreach (var field in message.Fields.Where(f => message.ReservedNumbers.Contains(f.Value)))
            {
                locked.Problems.Add($"message {message.Name} uses the reserved number {field.Value} for field {field.Key}");
            }
        }

        return locked;
    }

    private void ReadFile(string path, string text)
    {
        var contexts = new Stack<(string Kind, LockedMessage? Message)>();
        var written = Header.Match(text);
        var source = written.Success
            ? new RecordSource(written.Groups[1].Value, int.Parse(written.Groups[2].Value, System.Globalization.CultureInfo.InvariantCulture))
            : null;
        string? lastComment = null;
        var statement = new StringBuilder();
        foreach (var rawLine in text.Replace("\r\n", "\n").Split('\n'))
        {
            var line = rawLine.Trim();
            var comment = line.IndexOf("//", System.StringComparison.Ordinal);
            if (comment == 0 && IsBlank(statement) && TypeComment.Match(line) is { Success: true } type)
            {
                lastComment = type.Groups[1].Value;
                continue;
            }

            var code = comment >= 0 ? line.Substring(0, comment) : line;
            foreach (var c in code)
            {
                switch (c)
                {
                    case '{':
                        var header = Block.Match(statement.ToString().Trim());
                        var outer = contexts.Count > 0 ? contexts.Peek().Message : null;
                        if (header.Success && header.Groups[1].Value == "message")
                        {
                            var name = header.Groups[2].Value;
                            if (!Messages.TryGetValue(name, out var message))
                            {
                                message = new LockedMessage(name);
                                Messages.Add(name, message);
                            }

                            message.Type ??= lastComment;
                            contexts.Push(("message", message));
                        }
                        else
                        {
                            if (header.Success && header.Groups[1].Value == "enum")
                            {
                                Enums.Add(header.Groups[2].Value);
                            }

                            // A oneof's fields belong to its message; an enum's values are not fields.
                            contexts.Push((header.Success ? header.Groups[1].Value : "other", header.Success && header.Groups[1].Value == "oneof" ? outer : null));
                        }

                        lastComment = null;
                        statement.Clear();
                        break;
                    case '}':
                        if (contexts.Count > 0)
                        {
                            contexts.Pop();
                        }

                        statement.Clear();
                        break;
                    case ';':
                        if (contexts.Count > 0 && contexts.Peek().Message is { } current)
                        {
                            Statement(path, source, current, statement.ToString().Trim());
                        }

                        statement.Clear();
                        break;
                    default:
                        statement.Append(c);
                        break;
                }
            }

            statement.Append(' ');
        }
    }

    private static bool IsBlank(StringBuilder statement) => statement.ToString().Trim().Length == 0;

    private void Statement(string path, RecordSource? source, LockedMessage message, string statement)
    {
        if (statement.StartsWith("reserved", System.StringComparison.Ordinal))
        {
            foreach (var part in statement.Substring("reserved".Length).Split(','))
            {
                var item = part.Trim();
                if (item.StartsWith("\"", System.StringComparison.Ordinal))
                {
                    message.ReservedNames.Add(item.Trim('"'));
                }
                else if (item.Split(new[] { " to " }, System.StringSplitOptions.None) is { Length: 2 } range
                    && int.TryParse(range[0].Trim(), out var from))
                {
                    var to = range[1].Trim() == "max" ? 536870911 : int.TryParse(range[1].Trim(), out var end) ? end : from;
                    for (var n = from; n <= to && n - from < 100000; n++)
                    {
                        message.ReservedNumbers.Add(n);
                    }
                }
                else if (int.TryParse(item, out var number))
                {
                    message.ReservedNumbers.Add(number);
                }
            }

            return;
        }

        if (Field.Match(statement) is { Success: true } field)
        {
            var name = field.Groups[3].Value;
            var number = int.Parse(field.Groups[4].Value, System.Globalization.CultureInfo.InvariantCulture);
            if (message.Fields.TryGetValue(name, out var other) && other != number)
            {
                Problems.Add($"message {message.Name} numbers field {name} both {other} and {number} ({path})");
                return;
            }

            message.Fields[name] = number;

            // Of the files recording a field, the one of the latest schema says the type saves hold now.
            var type = new LockedType(field.Groups[1].Value == "repeated", field.Groups[2].Value, source);
            if (!message.Types.TryGetValue(name, out var recorded) || (recorded.Source?.SchemaVersion ?? 0) < (source?.SchemaVersion ?? 0))
            {
                message.Types[name] = type;
            }
        }
    }
}

/// <summary>One message of the record: its fields' numbers and what is reserved.</summary>
internal sealed class LockedMessage(string name)
{
    public string Name { get; } = name;

    /// <summary>The .NET type the message was written for, from the comment the generator puts above it; null for other messages.</summary>
    public string? Type { get; set; }

    public Dictionary<string, int> Fields { get; } = new();

    /// <summary>Each field's type as recorded, by field name.</summary>
    public Dictionary<string, LockedType> Types { get; } = new();

    public HashSet<int> ReservedNumbers { get; } = new();

    public HashSet<string> ReservedNames { get; } = new();
}

/// <summary>A field's type as the record has it: repeated or not, and its .proto type; and the file that says so.</summary>
internal sealed record LockedType(bool Repeated, string ProtoType, RecordSource? Source);

/// <summary>The save model and schema version a record was written for, from its header; null for a file without one.</summary>
internal sealed record RecordSource(string ModelId, int SchemaVersion);

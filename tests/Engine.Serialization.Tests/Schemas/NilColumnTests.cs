using System.Buffers;
using System.Text;
using System.Text.RegularExpressions;
using System.Xml.Linq;
using Engine.Core.Model;
using Engine.Serialization.Container;
using Engine.Serialization.Models;
using Engine.Serialization.Tests.Fuzzing;
using Engine.Testing;
using MessagePack;

namespace Engine.Serialization.Tests.Schemas;

/// <summary>
/// The member tables' nil column (docs/FORMAT.md, "GameContent's members in each format") read as a reader of the document
/// would, and held to the reader: for every member, and for a collection's items or a dictionary's values, a save whose
/// payload holds nil (MessagePack) or <c>xsi:nil</c> (XML) there, and nothing else changed, loads where the column says
/// yes and is refused as damaged where it says no. GameContent says no throughout; the Notebook model has the yeses.
/// </summary>
public sealed class NilColumnTests
{
    private const string NotebookModel = "tests.notebook";

    private static readonly Lazy<Dictionary<string, List<Row>>> GameContentTables = new(() => Tables(DocumentTables()));

    private static readonly Lazy<Dictionary<string, List<Row>>> NotebookTables = new(() => Tables(SaveModels.SchemasOf<Notebook>().MemberTables));

    public static TheoryData<string, string, string, string> Places()
    {
        var places = new TheoryData<string, string, string, string>();
        foreach (var (model, tables) in new[] { ("GameContent", GameContentTables.Value), (NotebookModel, NotebookTables.Value) })
        {
            foreach (var (type, rows) in tables.OrderBy(t => t.Key, StringComparer.Ordinal))
            {
                foreach (var row in rows)
                {
                    foreach (var (place, _) in row.Nil)
                    {
                        places.Add(model, type, row.Key, place);
                    }
                }
            }
        }

        return places;
    }

    [Theory]
    [MemberData(nameof(Places))]
    public void Load_NilWhereTheColumnSaysNo_IsRefused_AndWhereItSaysYes_Loads(string model, string type, string key, string place)
    {
        var tables = model == NotebookModel ? NotebookTables.Value : GameContentTables.Value;
        bool allowed = tables[type].Single(r => r.Key == key).Nil.Single(n => n.Place == place).Allowed;
        var path = PathTo(tables, model == NotebookModel ? nameof(Notebook) : nameof(GameContent), type).Append(Step.Member(key)).Concat(StepsInto(place)).ToList();

        foreach (var format in new[] { SaveFormat.MessagePack, SaveFormat.Xml })
        {
            var error = Record.Exception(() => Load(model, format, path));

            Assert.True(
                allowed ? error is null : error is SaveCorruptedException,
                $"{format}, nil at {type}.{key} ({place}): the table says {(allowed ? "yes" : "no")}, the load {(error is null ? "took it" : "threw " + error)}");
        }
    }

    private static void Load(string model, SaveFormat format, List<Step> path)
    {
        if (model == NotebookModel)
        {
            byte[] payload = WithNil(format, Payload(format, Notebook.Full()), path);
            SaveSerializer.Load<Notebook>(SaveFiles.Frame(format, SaveCompression.None, payload, new SaveMetadata { ModelId = NotebookModel }));
        }
        else
        {
            byte[] payload = WithNil(format, (format == SaveFormat.Xml ? MediumXml : MediumMessagePack).Value, path);
            SaveSerializer.Load<GameContent>(SaveFiles.Frame(format, SaveCompression.None, payload));
        }
    }

    // A Medium game: every list a path may lead through has items somewhere in it.
    private static readonly Lazy<byte[]> MediumMessagePack = new(() => Payload(SaveFormat.MessagePack, ContentGenerator.Create(ContentSize.Medium)));

    private static readonly Lazy<byte[]> MediumXml = new(() => Payload(SaveFormat.Xml, ContentGenerator.Create(ContentSize.Medium)));

    private static byte[] Payload<T>(SaveFormat format, T content)
    {
        var buffer = new ArrayBufferWriter<byte>();
        SaveFormats.Get<T>(format).Write(buffer, content);
        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>FORMAT.md's member tables, as a reader of the document finds them.</summary>
    private static string DocumentTables()
    {
        string text = File.ReadAllText(Path.Combine(Repository.Root, "docs", "FORMAT.md"));
        int from = text.IndexOf("<!-- member tables: Engine.Core.Model.GameContent", StringComparison.Ordinal);
        int to = text.IndexOf("<!-- end of member tables -->", from, StringComparison.Ordinal);
        return text[from..to];
    }

    /// <summary>Each object's rows: key, .NET type, and its nil column split into places ("member", "items", "values of items").</summary>
    private static Dictionary<string, List<Row>> Tables(string markdown)
    {
        var tables = new Dictionary<string, List<Row>>(StringComparer.Ordinal);
        List<Row>? rows = null;
        foreach (string line in markdown.Split('\n'))
        {
            if (line.StartsWith("#### ", StringComparison.Ordinal))
            {
                rows = tables[line[5..].Trim()] = [];
            }
            else if (rows is not null && Regex.Match(line, @"^\| `(?<key>[^`]+)` \| `(?<type>[^`]+)` \| (?<nil>[^|]+) \|") is { Success: true } row)
            {
                var nil = row.Groups["nil"].Value.Trim().Split("; ")
                    .Select(part => part.Split(": ") is [var place, var answer] ? (place, answer) : ("member", part))
                    .Select(p => (p.Item1, p.Item2 == "yes"))
                    .ToList();
                rows.Add(new Row(row.Groups["key"].Value, row.Groups["type"].Value, nil));
            }
        }

        return tables;
    }

    /// <summary>The steps from the root to an object of <paramref name="type"/>, through the tables' own types.</summary>
    private static IEnumerable<Step> PathTo(Dictionary<string, List<Row>> tables, string root, string type)
    {
        var paths = new Dictionary<string, List<Step>>(StringComparer.Ordinal) { [root] = [] };
        var pending = new Queue<string>([root]);
        while (pending.TryDequeue(out string? at))
        {
            foreach (var row in tables[at])
            {
                var item = Regex.Match(row.Type, @"^(?:TrackedList|List)<(?<item>\w+)>$");
                string reached = item.Success ? item.Groups["item"].Value : row.Type.TrimEnd('?');
                if (tables.ContainsKey(reached) && !paths.ContainsKey(reached))
                {
                    paths[reached] = [.. paths[at], Step.Member(row.Key), .. item.Success ? [Step.Item] : Array.Empty<Step>()];
                    pending.Enqueue(reached);
                }
            }
        }

        return paths[type];
    }

    /// <summary>"items of values": a dictionary's first value, then that list's first item.</summary>
    private static IEnumerable<Step> StepsInto(string place) =>
        place == "member" ? [] : place.Split(" of ").Reverse().Select(word => word == "values" ? Step.Value : Step.Item);

    private static byte[] WithNil(SaveFormat format, byte[] payload, List<Step> path)
    {
        if (format == SaveFormat.Xml)
        {
            var document = XDocument.Parse(Encoding.UTF8.GetString(payload), System.Xml.Linq.LoadOptions.PreserveWhitespace);
            var element = FindXml(document.Root!, path, 0) ?? throw new InvalidOperationException($"The game has nothing at {string.Join(" ", path)}.");
            XNamespace xsi = "http://www.w3.org/2001/XMLSchema-instance";
            element.RemoveNodes();
            element.SetAttributeValue(xsi + "nil", "true");
            return Encoding.UTF8.GetBytes(document.ToString(System.Xml.Linq.SaveOptions.DisableFormatting));
        }

        var (start, length) = FindMessagePack(payload, path) ?? throw new InvalidOperationException($"The game has nothing at {string.Join(" ", path)}.");
        return [.. payload.AsSpan(0, start), 0xC0, .. payload.AsSpan(start + length)];
    }

    /// <summary>The element at the path, trying each item of a list until the rest of the path is found in one.</summary>
    private static XElement? FindXml(XElement at, List<Step> path, int index)
    {
        if (index == path.Count)
        {
            return at;
        }

        var step = path[index];
        var children = step.Kind switch
        {
            StepKind.Member => at.Elements(step.Key),
            StepKind.Value => at.Elements().Select(entry => entry.Element("Value")!),
            _ => at.Elements(),
        };
        return children.Select(child => FindXml(child, path, index + 1)).FirstOrDefault(found => found is not null);
    }

    /// <summary>Where the value at the path lies in a MessagePack document, trying each item of a list in turn.</summary>
    private static (int Start, int Length)? FindMessagePack(byte[] payload, List<Step> path)
    {
        return Find(new MessagePackReader(payload), 0);

        (int, int)? Find(MessagePackReader reader, int index)
        {
            if (index == path.Count)
            {
                int start = (int)reader.Consumed;
                reader.Skip();
                return (start, (int)reader.Consumed - start);
            }

            var step = path[index];
            if (step.Kind == StepKind.Item)
            {
                for (int count = reader.ReadArrayHeader(), i = 0; i < count; i++)
                {
                    if (Find(reader.CreatePeekReader(), index + 1) is { } found)
                    {
                        return found;
                    }

                    reader.Skip();
                }

                return null;
            }

            for (int count = reader.ReadMapHeader(), i = 0; i < count; i++)
            {
                bool here = step.Kind == StepKind.Value
                    ? SkipKey(ref reader)
                    : reader.NextMessagePackType == MessagePackType.String ? reader.ReadString() == step.Key : !SkipKey(ref reader);
                if (here && Find(reader.CreatePeekReader(), index + 1) is { } found)
                {
                    return found;
                }

                reader.Skip();
            }

            return null;
        }

        static bool SkipKey(ref MessagePackReader reader)
        {
            reader.Skip();
            return true;
        }
    }

    private sealed record Row(string Key, string Type, List<(string Place, bool Allowed)> Nil);

    private enum StepKind
    {
        Member,
        Item,
        Value,
    }

    /// <summary>A member by key, a list's item, or a dictionary's value.</summary>
    private sealed record Step(StepKind Kind, string Key = "")
    {
        public static readonly Step Item = new(StepKind.Item);

        public static readonly Step Value = new(StepKind.Value);

        public static Step Member(string key) => new(StepKind.Member, key);

        public override string ToString() => Kind == StepKind.Member ? Key : $"[{Kind}]";
    }
}

/// <summary>A model whose members, items and values may be nil, and some that may not.</summary>
[SaveModel(Id = "tests.notebook")]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class Notebook
{
    public string Title { get; set; } = "";

    public string? Note { get; set; }

    public int Count { get; set; }

    public int? Pages { get; set; }

    public List<string> Tags { get; set; } = [];

    public List<string?> Lines { get; set; } = [];

    public Dictionary<string, string?> Margins { get; set; } = [];

    public List<List<string?>> Chapters { get; set; } = [];

    /// <summary>Every member, item and value present, so a test can put nil in any one place.</summary>
    public static Notebook Full() => new()
    {
        Title = "t",
        Note = "n",
        Count = 1,
        Pages = 2,
        Tags = ["a"],
        Lines = ["l"],
        Margins = { ["m"] = "x" },
        Chapters = [["c"]],
    };
}

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

    private static readonly Lazy<Tables> GameContentTables = new(() => Read(DocumentTables()));

    private static readonly Lazy<Tables> NotebookTables = new(() => Read(SaveModels.SchemasOf<Notebook>().MemberTables));

    public static TheoryData<string, string, string, string> Places()
    {
        var places = new TheoryData<string, string, string, string>();
        foreach (var (model, tables) in new[] { ("GameContent", GameContentTables.Value), (NotebookModel, NotebookTables.Value) })
        {
            foreach (var (type, rows) in tables.Objects.OrderBy(t => t.Key, StringComparer.Ordinal))
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
        bool allowed = tables.Objects[type].Single(r => r.Key == key).Nil.Single(n => n.Place == place).Allowed;
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
            byte[] payload = WithNil(format, (format == SaveFormat.Xml ? SmallXml : SmallMessagePack).Value, path);
            SaveSerializer.Load<GameContent>(SaveFiles.Frame(format, SaveCompression.None, payload));
        }
    }

    private static readonly Lazy<byte[]> SmallMessagePack = new(() => Payload(SaveFormat.MessagePack, Game()));

    private static readonly Lazy<byte[]> SmallXml = new(() => Payload(SaveFormat.Xml, Game()));

    /// <summary>A Small game with a chosen dialog option: every list a path leads through then has items somewhere.</summary>
    private static GameContent Game()
    {
        var game = ContentGenerator.Create(ContentSize.Small);
        game.Dialogs.Add(new DialogProgress { DialogId = "d", CurrentNodeId = "n", ChosenOptionIds = ["o"] });
        return game;
    }

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

    /// <summary>
    /// Each object's rows (key, .NET type, and its nil column split into places: "member", "items", "values of items"), and
    /// each union's cases.
    /// </summary>
    private static Tables Read(string markdown)
    {
        var tables = new Tables([], []);
        string? type = null;
        foreach (string line in markdown.Split('\n'))
        {
            if (line.StartsWith("#### ", StringComparison.Ordinal))
            {
                type = line[5..].Trim();
            }
            else if (type is not null && Regex.Match(line, @"^\| \d+ \| `(?<case>\w+)` \|") is { Success: true } unionCase)
            {
                tables.Unions.TryAdd(type, []);
                tables.Unions[type].Add(unionCase.Groups["case"].Value);
            }
            else if (type is not null && Regex.Match(line, @"^\| `(?<key>[^`]+)` \| `(?<type>[^`]+)` \| (?<nil>[^|]+) \|") is { Success: true } row)
            {
                var nil = row.Groups["nil"].Value.Trim().Split("; ")
                    .Select(part => part.Split(": ") is [var place, var answer] ? (place, answer) : ("member", part))
                    .Select(p => (p.Item1, p.Item2 == "yes"))
                    .ToList();
                tables.Objects.TryAdd(type, []);
                tables.Objects[type].Add(new Row(row.Groups["key"].Value, row.Groups["type"].Value, nil));
            }
        }

        return tables;
    }

    /// <summary>The steps from the root to an object of <paramref name="type"/>, through the tables' own types.</summary>
    private static IEnumerable<Step> PathTo(Tables tables, string root, string type)
    {
        var paths = new Dictionary<string, List<Step>>(StringComparer.Ordinal) { [root] = [] };
        var pending = new Queue<string>([root]);
        while (pending.TryDequeue(out string? at))
        {
            foreach (var row in tables.Objects[at])
            {
                var item = Regex.Match(row.Type, @"^(?:TrackedList|List)<(?<item>\w+)>$");
                string reached = item.Success ? item.Groups["item"].Value : row.Type.TrimEnd('?');
                List<Step> path = [.. paths[at], Step.Member(row.Key), .. item.Success ? [Step.Item] : Array.Empty<Step>()];
                foreach (var (target, steps) in tables.Unions.TryGetValue(reached, out var cases)
                    ? cases.Select(c => (c, (List<Step>)[.. path, Step.Case(c)]))
                    : [(reached, path)])
                {
                    if (tables.Objects.ContainsKey(target) && paths.TryAdd(target, steps))
                    {
                        pending.Enqueue(target);
                    }
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
            StepKind.Member or StepKind.Case => at.Elements(step.Key),
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
            if (step.Kind == StepKind.Case)
            {
                // [key, value]: the value of the case the model's payload holds (the test's own game holds the one sought).
                reader.ReadArrayHeader();
                reader.Skip();
                return Find(reader, index + 1);
            }

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

    private sealed record Tables(Dictionary<string, List<Row>> Objects, Dictionary<string, List<string>> Unions);

    private enum StepKind
    {
        Member,
        Item,
        Value,
        Case,
    }

    /// <summary>A member by key, a list's item, or a dictionary's value.</summary>
    private sealed record Step(StepKind Kind, string Key = "")
    {
        public static readonly Step Item = new(StepKind.Item);

        public static readonly Step Value = new(StepKind.Value);

        public static Step Member(string key) => new(StepKind.Member, key);

        public static Step Case(string name) => new(StepKind.Case, name);

        public override string ToString() => Kind == StepKind.Item || Kind == StepKind.Value ? $"[{Kind}]" : Key;
    }
}

/// <summary>A model whose members, items and values may be nil, and some that may not; its small protobuf messages serve StrictDecodingTests.</summary>
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

    public System.Numerics.Vector2 Corner { get; set; }

    public Mark? Mark { get; set; }

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
        Corner = new(1, 2),
        Mark = new Dot { Size = 3 },
    };
}

[Union(0, typeof(Dot))]
public abstract class Mark
{
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Dot : Mark
{
    public int Size { get; set; }
}

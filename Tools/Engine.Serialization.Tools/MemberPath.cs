using System.Globalization;
using System.Text;
using Engine.Serialization.Inspection;
using MessagePack;

namespace Engine.Serialization.Tools;

/// <summary>
/// A value of a saved game named as C# code names it: members joined by '.', <c>[n]</c> for a list's item,
/// <c>[row,column]</c> for a grid's cell, <c>["wood"]</c>, <c>[7]</c> or <c>[Slot.Head]</c> for a dictionary's entry
/// (<c>Heroes[0].Equipment[Slot.Head].Name</c>). A union's case and a nullable's value are passed through as code
/// passes through them. Found in the game's MessagePack form through the model's shape; without the model, by the
/// form's own structure (objects' keys, lists' items).
/// </summary>
internal sealed class MemberPath
{
    private readonly List<Segment> _segments;

    private MemberPath(string text, List<Segment> segments)
    {
        Text = text;
        _segments = segments;
    }

    public string Text { get; }

    public static MemberPath Parse(string text)
    {
        var segments = new List<Segment>();
        int i = 0;
        while (i < text.Length)
        {
            if (text[i] == '[')
            {
                i = Bracket(text, i, segments);
                if (i < text.Length && text[i] is not ('.' or '['))
                {
                    throw Bad(text, "a ']' must be followed by '.', '[' or the end");
                }
            }
            else
            {
                if (text[i] == '.')
                {
                    if (segments.Count == 0)
                    {
                        throw Bad(text, "it starts with '.'");
                    }

                    i++;
                }

                int end = i;
                while (end < text.Length && text[end] is not ('.' or '['))
                {
                    end++;
                }

                if (end == i)
                {
                    throw Bad(text, "a member name is missing");
                }

                segments.Add(new Segment(text[i..end], Bracketed: false, Quoted: false));
                i = end;
            }
        }

        return segments.Count == 0 ? throw Bad(text, "it is empty") : new MemberPath(text, segments);
    }

    /// <summary>Reads the bracket at <paramref name="open"/>: a quoted key (C# escapes \" and \\) or any text up to ']'.</summary>
    private static int Bracket(string text, int open, List<Segment> segments)
    {
        int i = open + 1;
        if (i < text.Length && text[i] == '"')
        {
            var key = new StringBuilder();
            for (i++; i < text.Length && text[i] != '"'; i++)
            {
                if (text[i] == '\\' && i + 1 < text.Length && text[i + 1] is '"' or '\\')
                {
                    i++;
                }

                key.Append(text[i]);
            }

            if (i + 1 >= text.Length || text[i + 1] != ']')
            {
                throw Bad(text, "a quoted key needs its closing '\"' and then ']'");
            }

            segments.Add(new Segment(key.ToString(), Bracketed: true, Quoted: true));
            return i + 2;
        }

        int close = text.IndexOf(']', i);
        if (close < 0 || close == i)
        {
            throw Bad(text, "a '[' needs an index or key and a ']'");
        }

        segments.Add(new Segment(text[i..close], Bracketed: true, Quoted: false));
        return close + 1;
    }

    /// <summary>A member's path below <paramref name="parent"/> (the root when empty).</summary>
    public static string Member(string parent, string name) => parent.Length == 0 ? name : $"{parent}.{name}";

    /// <summary>A key's path below <paramref name="parent"/> when the model doesn't say what the map is: a member when the key could be one.</summary>
    public static string MemberOrKey(string parent, string key)
    {
        bool plain = key.Length > 0 && key.All(c => char.IsLetterOrDigit(c) || c is '_' or '$') && !char.IsAsciiDigit(key[0]);
        return plain ? Member(parent, key) : $"{parent}[{SavedValues.Quoted(key)}]";
    }

    public static string Item(string parent, int index) => string.Create(CultureInfo.InvariantCulture, $"{parent}[{index}]");

    /// <summary>The path of a grid's cell at <paramref name="flat"/>, its index in row-major order.</summary>
    public static string Cell(string parent, IReadOnlyList<int> lengths, int flat)
    {
        var indices = new int[lengths.Count];
        for (int d = lengths.Count - 1; d >= 0; d--)
        {
            indices[d] = lengths[d] == 0 ? 0 : flat % lengths[d];
            flat = lengths[d] == 0 ? 0 : flat / lengths[d];
        }

        return $"{parent}[{string.Join(',', indices.Select(i => i.ToString(CultureInfo.InvariantCulture)))}]";
    }

    /// <summary>Where the value at this path lies in <paramref name="game"/>, a MessagePack document the tools have checked, and what the model says of it.</summary>
    public Located Locate(ReadOnlyMemory<byte> game, SaveShape? root)
    {
        var reader = new MessagePackReader(game);
        var shape = root;
        bool allowsNull = false;
        string at = "";
        foreach (var segment in _segments)
        {
            shape = EnterValue(ref reader, shape, at);
            (shape, allowsNull, at) = shape?.Kind switch
            {
                SaveShapeKind.Object => ObjectMember(ref reader, shape, segment, at),
                SaveShapeKind.Components => Part(ref reader, shape, segment, at),
                SaveShapeKind.Sequence => ListItem(ref reader, shape, segment, at),
                SaveShapeKind.Grid => GridCell(ref reader, shape, segment, at),
                SaveShapeKind.Dictionary => Entry(ref reader, shape, segment, at),
                null or SaveShapeKind.Custom => Untyped(ref reader, segment, at),
                _ => throw NotFound($"{Shown(at)} is {Describe(shape)}, so it has no {Wanted(segment)}"),
            };
        }

        long start = reader.Consumed;
        reader.Skip();
        return new Located((int)start, (int)(reader.Consumed - start), shape, allowsNull, at);
    }

    /// <summary>Moves into a union's case or a nullable's value (<see cref="SavedValues.Enter"/>); the shape of what is there.</summary>
    private SaveShape? EnterValue(ref MessagePackReader reader, SaveShape? shape, string at)
    {
        SavedValues.Enter(ref reader, ref shape);
        return shape?.Kind is SaveShapeKind.Nullable or SaveShapeKind.Union ? throw NotFound($"{Shown(at)} is null") : shape;
    }

    private (SaveShape?, bool, string) ObjectMember(ref MessagePackReader reader, SaveShape shape, Segment segment, string at)
    {
        if (segment.Bracketed)
        {
            throw NotFound($"{Shown(at)} is {Describe(shape)}, not a list or dictionary: name one of its members, {Members(shape)}");
        }

        var member = shape.MemberNamed(segment.Text) ?? throw NotFound($"{Shown(at)} has no member '{segment.Text}'; it has {Members(shape)}");
        if (reader.NextMessagePackType != MessagePackType.Map || !FindKey(ref reader, member.Key))
        {
            throw NotFound($"{Shown(at)} holds no value for {member.Name}");
        }

        return (member.Shape, member.AllowsNull, Member(at, member.Name));
    }

    private (SaveShape?, bool, string) Part(ref MessagePackReader reader, SaveShape shape, Segment segment, string at)
    {
        var part = segment.Bracketed ? null : shape.MemberNamed(segment.Text);
        if (part is null)
        {
            throw NotFound($"{Shown(at)} is {Describe(shape)}, whose parts are {Members(shape)}");
        }

        reader.ReadArrayHeader();
        SkipValues(ref reader, int.Parse(part.Key, CultureInfo.InvariantCulture));
        return (part.Shape, part.AllowsNull, Member(at, part.Name));
    }

    private (SaveShape?, bool, string) ListItem(ref MessagePackReader reader, SaveShape shape, Segment segment, string at) =>
        (shape.Element, shape.ElementAllowsNull, Item(at, EnterItem(ref reader, segment, at)));

    /// <summary>Moves to the list's item the bracket names; its index.</summary>
    private int EnterItem(ref MessagePackReader reader, Segment segment, string at)
    {
        int count = reader.ReadArrayHeader();
        int index = Index(segment, count, at, $"{Shown(at)} is a list of {count} items");
        SkipValues(ref reader, index);
        return index;
    }

    private (SaveShape?, bool, string) GridCell(ref MessagePackReader reader, SaveShape shape, Segment segment, string at)
    {
        var lengths = SavedValues.ReadGridLengths(ref reader, shape.Rank);

        string size = string.Join(" x ", lengths);
        string[] parts = segment.Bracketed ? segment.Text.Split(',') : [];
        if (parts.Length != shape.Rank)
        {
            throw NotFound($"{Shown(at)} is a grid of {size} cells: name a cell with {shape.Rank} indices, like [{string.Join(',', Enumerable.Repeat(0, shape.Rank))}]");
        }

        int flat = 0;
        for (int d = 0; d < shape.Rank; d++)
        {
            int index = Index(segment with { Text = parts[d].Trim() }, lengths[d], at, $"{Shown(at)} is a grid of {size} cells");
            flat = (flat * lengths[d]) + index;
        }

        SkipValues(ref reader, Math.Min(flat, reader.ReadArrayHeader()));

        return (shape.Element, shape.ElementAllowsNull, Cell(at, lengths, flat));
    }

    private (SaveShape?, bool, string) Entry(ref MessagePackReader reader, SaveShape shape, Segment segment, string at)
    {
        if (!segment.Bracketed)
        {
            throw NotFound($"{Shown(at)} is {Describe(shape)}: name an entry by its key, like {at}[{SavedValues.KeyExample(shape.Key!)}]");
        }

        int count = reader.ReadMapHeader();
        var keys = new List<string>();
        for (int i = 0; i < count; i++)
        {
            var key = SavedValues.ReadKey(ref reader, shape.Key);
            if (key.Matches(segment.Text, segment.Quoted))
            {
                return (shape.Element, shape.ElementAllowsNull, $"{at}[{key.Text}]");
            }

            keys.Add(key.Text);
            reader.Skip();
        }

        throw NotFound(count == 0 ? $"{Shown(at)} is empty" : $"{Shown(at)} has no entry [{segment.Text}]; its keys are {Listed(keys)}");
    }

    /// <summary>A value the model doesn't describe (a save of a model this program lacks, a custom formatter's value): by its own structure.</summary>
    private (SaveShape?, bool, string) Untyped(ref MessagePackReader reader, Segment segment, string at)
    {
        switch (reader.NextMessagePackType)
        {
            case MessagePackType.Array when segment.Bracketed:
                return (null, false, Item(at, EnterItem(ref reader, segment, at)));
            case MessagePackType.Map:
                if (!FindKey(ref reader, segment.Text))
                {
                    throw NotFound($"{Shown(at)} has no member '{segment.Text}'");
                }

                return (null, false, segment.Bracketed ? $"{at}[{segment.Text}]" : Member(at, segment.Text));
            case var type:
                throw NotFound($"{Shown(at)} is {Describe(type)}, so it has no {Wanted(segment)}");
        }
    }

    private int Index(Segment segment, int count, string at, string what)
    {
        if (!segment.Bracketed || !int.TryParse(segment.Text, NumberStyles.None, CultureInfo.InvariantCulture, out int index) || index >= count)
        {
            throw NotFound($"{what}; {(segment.Bracketed ? $"[{segment.Text}]" : $"'{segment.Text}'")} is none of them");
        }

        return index;
    }

    private static void SkipValues(ref MessagePackReader reader, int count)
    {
        for (int i = 0; i < count; i++)
        {
            reader.Skip();
        }
    }

    /// <summary>Moves past the map's entries to the value of the one keyed <paramref name="key"/>; false when none is.</summary>
    private static bool FindKey(ref MessagePackReader reader, string key)
    {
        int count = reader.ReadMapHeader();
        for (int i = 0; i < count; i++)
        {
            if (KeyText(ref reader) == key)
            {
                return true;
            }

            reader.Skip();
        }

        return false;
    }

    /// <summary>A MessagePack value's kind, in words for messages.</summary>
    public static string Describe(MessagePackType type) => type switch
    {
        MessagePackType.Map => "an object",
        MessagePackType.Array => "a list",
        MessagePackType.String => "text",
        MessagePackType.Integer => "a whole number",
        MessagePackType.Float => "a number",
        MessagePackType.Boolean => "true or false",
        MessagePackType.Nil => "null",
        MessagePackType.Binary => "bytes",
        _ => "an extension value",
    };

    /// <summary>A type of the model, in words for messages.</summary>
    public static string Describe(SaveShape shape) =>
        (shape.TypeName[0] is 'A' or 'E' or 'I' or 'O' or 'U' or 'a' or 'e' or 'i' or 'o' or 'u' ? "an " : "a ") + shape.TypeName
        + (shape.Kind == SaveShapeKind.Enum ? $" (one of {Listed(shape.EnumMembers.Select(m => m.Name).ToList())})" : "");

    /// <summary>A map key as the tools show it: text as is, numbers and other keys as their JSON.</summary>
    public static string KeyText(ref MessagePackReader reader) => reader.NextMessagePackType switch
    {
        MessagePackType.String => reader.ReadString()!,
        _ => MessagePackJson.ToText(ref reader),
    };

    private static string Members(SaveShape shape) => Listed(shape.Members.Select(m => m.Name).ToList());

    private static string Listed(IReadOnlyList<string> names) =>
        names.Count <= 30 ? string.Join(", ", names) : string.Join(", ", names.Take(30)) + ", ...";

    private static string Wanted(Segment segment) => segment.Bracketed ? $"[{segment.Text}]" : $"member '{segment.Text}'";

    private ToolException NotFound(string why) => new($"'{Text}' is not in the game: {why}.");

    private static string Shown(string at) => at.Length == 0 ? "the game" : at;

    private static ToolException Bad(string text, string why) =>
        ToolException.Usage($"'{text}' is not a member path ({why}); write one as C# does, like Rooms[3].Name, Map[2,3] or Stock[\"wood\"]");

    /// <summary>A path's value: where it lies, its type in the model (null when the model doesn't say), and whether the model allows null there.</summary>
    public readonly record struct Located(int Start, int Length, SaveShape? Shape, bool AllowsNull, string Path);

    private readonly record struct Segment(string Text, bool Bracketed, bool Quoted);
}

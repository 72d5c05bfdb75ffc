using System.Globalization;
using System.Text;
using MessagePack;

namespace Engine.Serialization.Tools;

/// <summary>
/// A member of a saved game as the tools name it: member names joined by '.', and <c>[n]</c> for a list's item
/// (<c>Rooms[3].Name</c>). A bracket also takes a dictionary's key (<c>Quests[7]</c>, <c>Flags[door.open]</c>).
/// Found in the game's MessagePack form, where each object is a map keyed by member name.
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
                int close = text.IndexOf(']', i + 1);
                if (close < 0 || close == i + 1)
                {
                    throw Bad(text, "a '[' needs an index or key and a ']'");
                }

                segments.Add(new Segment(text[(i + 1)..close], Bracketed: true));
                i = close + 1;
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

                segments.Add(new Segment(text[i..end], Bracketed: false));
                i = end;
            }
        }

        return segments.Count == 0 ? throw Bad(text, "it is empty") : new MemberPath(text, segments);
    }

    /// <summary>A member's path below <paramref name="parent"/> (the root when empty), as <see cref="Parse"/> reads it.</summary>
    public static string Member(string parent, string key)
    {
        bool plain = key.Length > 0 && key.All(c => char.IsLetterOrDigit(c) || c is '_' or '-' or '$') && !char.IsAsciiDigit(key[0]);
        return plain ? (parent.Length == 0 ? key : $"{parent}.{key}") : $"{parent}[{key}]";
    }

    public static string Item(string parent, int index) => string.Create(CultureInfo.InvariantCulture, $"{parent}[{index}]");

    /// <summary>Where the value at this path lies in <paramref name="game"/>, a MessagePack document the tools have checked.</summary>
    public (int Start, int Length) Locate(ReadOnlyMemory<byte> game)
    {
        var reader = new MessagePackReader(game);
        string at = "";
        foreach (var segment in _segments)
        {
            switch (reader.NextMessagePackType)
            {
                case MessagePackType.Array when segment.Bracketed:
                    int count = reader.ReadArrayHeader();
                    if (!int.TryParse(segment.Name, NumberStyles.None, CultureInfo.InvariantCulture, out int index) || index >= count)
                    {
                        throw NotFound($"{Shown(at)} is a list of {count} items; [{segment.Name}] is none of them");
                    }

                    for (int i = 0; i < index; i++)
                    {
                        reader.Skip();
                    }

                    at = Item(at, index);
                    break;
                case MessagePackType.Map:
                    FindKey(ref reader, segment.Name, at);
                    at = Member(at, segment.Name);
                    break;
                case var type:
                    throw NotFound($"{Shown(at)} is {Describe(type)}, so it has no {(segment.Bracketed ? $"[{segment.Name}]" : $"member '{segment.Name}'")}");
            }
        }

        long start = reader.Consumed;
        reader.Skip();
        return ((int)start, (int)(reader.Consumed - start));
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

    /// <summary>A map key as the tools show it: text as is, numbers and other keys as their JSON.</summary>
    public static string KeyText(ref MessagePackReader reader) => reader.NextMessagePackType switch
    {
        MessagePackType.String => reader.ReadString()!,
        _ => MessagePackJson.ToText(ref reader),
    };

    private void FindKey(ref MessagePackReader reader, string key, string at)
    {
        int count = reader.ReadMapHeader();
        var seen = new StringBuilder();
        for (int i = 0; i < count; i++)
        {
            string name = KeyText(ref reader);
            if (name == key)
            {
                return;
            }

            if (i < 30)
            {
                seen.Append(i == 0 ? "" : ", ").Append(name);
            }
            else if (i == 30)
            {
                seen.Append(", ...");
            }

            reader.Skip();
        }

        throw NotFound(count == 0 ? $"{Shown(at)} is an empty object, with no member '{key}'" : $"{Shown(at)} has no member '{key}'; it has {seen}");
    }

    private ToolException NotFound(string why) => new($"'{Text}' is not in the game: {why}.");

    private static string Shown(string at) => at.Length == 0 ? "the game" : at;

    private static ToolException Bad(string text, string why) =>
        ToolException.Usage($"'{text}' is not a member path ({why}); write one like Rooms[3].Name");

    private readonly record struct Segment(string Name, bool Bracketed);
}

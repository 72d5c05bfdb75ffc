using Engine.Core.Model;

namespace Game.Sample.Game;

internal enum Verb
{
    None,
    Unknown,
    Look,
    Go,
    Take,
    Use,
    Talk,
    Inventory,
    Save,
    Load,
    Slots,
    Help,
    Quit,
}

/// <summary>
/// One parsed line. <see cref="Subject"/> and <see cref="Target"/> are lower-case words without
/// articles, except for save and load, whose subject is the slot name as typed.
/// </summary>
internal sealed record Command(Verb Verb, string Subject = "", string Target = "", string Text = "")
{
    /// <summary>Whether the command acts in the world (counts as a move) rather than on the program.</summary>
    public bool IsMove => Verb is Verb.Look or Verb.Go or Verb.Take or Verb.Use or Verb.Talk or Verb.Inventory;
}

/// <summary>Turns a typed line into a <see cref="Command"/>; never throws.</summary>
internal static class Parser
{
    private static readonly HashSet<string> Articles = ["the", "a", "an"];

    /// <summary>Words that may follow a verb without being part of its object: "look at", "talk to", "pick up".</summary>
    private static readonly HashSet<string> Particles = ["at", "to", "with", "up"];

    public static Command Parse(string line)
    {
        string text = line.Trim();
        string[] words = text.ToLowerInvariant().Split(' ', StringSplitOptions.RemoveEmptyEntries);
        if (words.Length == 0)
        {
            return new Command(Verb.None);
        }

        string rest = text[words[0].Length..].Trim();
        if (TryDirection(words[0], out _) && words.Length == 1)
        {
            return new Command(Verb.Go, words[0]);
        }

        return words[0] switch
        {
            "look" or "l" or "examine" or "x" => new Command(Verb.Look, Phrase(AfterParticle(words))),
            "go" or "walk" or "climb" => new Command(Verb.Go, Phrase(words[1..])),
            "take" or "get" or "grab" or "pick" => new Command(Verb.Take, Phrase(AfterParticle(words))),
            "use" or "put" => Use(words[1..]),
            "talk" or "speak" or "ask" => new Command(Verb.Talk, Phrase(AfterParticle(words))),
            "inventory" or "inv" or "i" when words.Length == 1 => new Command(Verb.Inventory),
            "save" => new Command(Verb.Save, rest),
            "load" or "restore" => new Command(Verb.Load, rest),
            "slots" or "saves" when words.Length == 1 => new Command(Verb.Slots),
            "help" or "?" when words.Length == 1 => new Command(Verb.Help),
            "quit" or "exit" or "q" when words.Length == 1 => new Command(Verb.Quit),
            _ => new Command(Verb.Unknown, Text: text),
        };
    }

    public static bool TryDirection(string word, out Direction direction)
    {
        (bool found, direction) = word switch
        {
            "north" or "n" => (true, Direction.North),
            "east" or "e" => (true, Direction.East),
            "south" or "s" => (true, Direction.South),
            "west" or "w" => (true, Direction.West),
            "up" or "u" => (true, Direction.Up),
            "down" or "d" => (true, Direction.Down),
            _ => (false, default),
        };
        return found;
    }

    /// <summary>"use X", "use X on Y", "use X with Y", "put X in Y".</summary>
    private static Command Use(string[] words)
    {
        int split = Array.FindIndex(words, w => w is "on" or "with" or "in" or "into");
        return split < 0
            ? new Command(Verb.Use, Phrase(words))
            : new Command(Verb.Use, Phrase(words[..split]), Phrase(words[(split + 1)..]));
    }

    private static string[] AfterParticle(string[] words) =>
        words.Length > 1 && Particles.Contains(words[1]) ? words[2..] : words[1..];

    private static string Phrase(string[] words) => string.Join(' ', words.Where(w => !Articles.Contains(w)));
}

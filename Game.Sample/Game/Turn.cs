using System.Text;
using Engine.Core;
using Engine.Core.Model;

namespace Game.Sample.Game;

/// <summary>
/// One move being played: collects what the game says (to the screen and the message log) and
/// draws random numbers from the state's generator, writing its state back when the move ends.
/// </summary>
internal sealed class Turn(GameContent state)
{
    /// <summary>The message log keeps the newest lines only, so a long game's saves don't grow without bound.</summary>
    public const int LogLimit = 50;

    private readonly StringBuilder _text = new();
    private GameRandom? _random;

    public GameContent State { get; } = state;

    public void Say(string text) => Write(MessageKind.Narration, "", text, text);

    public void Speak(Character speaker, string text) => Write(MessageKind.Speech, speaker.Name, text, $"{speaker.Name}: \"{text}\"");

    /// <summary>A number in [0, <paramref name="maxExclusive"/>) from the game's own generator.</summary>
    public int Roll(int maxExclusive)
    {
        _random ??= GameRandom.FromState(State.Random);
        return _random.Next(maxExclusive);
    }

    public T Pick<T>(IReadOnlyList<T> choices) => choices[Roll(choices.Count)];

    /// <summary>Ends the move and returns what it printed.</summary>
    public string End()
    {
        if (_random is not null)
        {
            State.Random = _random.SaveState();
        }

        int excess = State.MessageLog.Count - LogLimit;
        if (excess > 0)
        {
            State.MessageLog.RemoveRange(0, excess);
        }

        return _text.ToString().TrimEnd('\n');
    }

    private void Write(MessageKind kind, string speaker, string text, string shown)
    {
        State.MessageLog.Add(new LogMessage { TimeSeconds = State.PlayTimeSeconds, Kind = kind, Speaker = speaker, Text = text });
        _text.Append(shown).Append('\n');
    }
}

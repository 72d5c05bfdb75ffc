using Engine.Core.Model;
using Engine.Serialization.Slots;
using Engine.Serialization.Text;
using Game.Sample.Game;

namespace Game.Sample.Commands;

/// <summary>
/// <c>play [--save-dir DIR]</c>: the game, one command per line from standard input.
/// Scriptable: with input from a pipe or file there is no prompt, and each command is echoed
/// so the output reads as a transcript; a save, load or slot list the file system refuses ends
/// such a run with one line on stderr and exit code 1 (<see cref="GameSession.FileSystemFailureEndsTheGame"/>).
/// </summary>
internal static class PlayCommand
{
    public static int Run(ReadOnlySpan<string> args, TextReader input, TextWriter output, bool interactive)
    {
        var arguments = Arguments.Parse("play", args, ["--save-dir"], []);
        var store = SaveSlotStore.ForGame<GameContent>(World.GameId, arguments.Value("--save-dir"));
        var session = new GameSession(World.NewGame(), store) { FileSystemFailureEndsTheGame = !interactive };
        output.WriteLine(session.Introduction());
        while (!session.QuitRequested)
        {
            output.Write(interactive ? "\n> " : "\n");
            string? line = input.ReadLine();
            if (line is null)
            {
                break;
            }

            WriteTurn(output, interactive ? null : line, session.Execute(line));
        }

        WriteTurn(output, null, session.FinishAutosave() ?? "");
        return 0;
    }

    /// <summary>
    /// Prints one turn: the command when it wasn't typed at a prompt, then the game's reply, each line as
    /// <see cref="SaveText.Visible"/> shows it: after a load, the game's text (rooms, items, the log) is a save's.
    /// </summary>
    public static void WriteTurn(TextWriter output, string? echoedCommand, string reply)
    {
        if (echoedCommand is not null)
        {
            output.WriteLine($"> {SaveText.Visible(echoedCommand)}");
        }

        if (reply.Length > 0)
        {
            output.WriteLine(SaveText.VisibleLines(reply));
        }
    }
}

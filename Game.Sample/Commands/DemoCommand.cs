using System.Diagnostics;
using Engine.Core.Generation;
using Engine.Core.Model;
using Engine.Serialization;
using Engine.Serialization.Compression;
using Engine.Serialization.Errors;
using Engine.Serialization.Formats;
using Engine.Serialization.Slots;
using Game.Sample.Game;

namespace Game.Sample.Commands;

/// <summary>
/// <c>demo [--size S] [--save-dir DIR]</c>: plays the walkthrough to the win, then saves and loads
/// a game in every format and compression through the slot store and prints sizes and times.
/// </summary>
internal static class DemoCommand
{
    public static int Run(ReadOnlySpan<string> args, TextWriter output)
    {
        var arguments = Arguments.Parse("demo", args, ["--size", "--save-dir"], []);
        var size = arguments.Choice("--size", Arguments.Sizes);
        string? saveDir = arguments.Value("--save-dir");
        string directory = saveDir ?? Directory.CreateTempSubdirectory("game-sample-demo-").FullName;
        try
        {
            var session = PlayWalkthrough(output, SaveSlotStore.ForGame<GameContent>(World.GameId, directory));
            if (!session.HasWon)
            {
                output.WriteLine("demo: the walkthrough did not reach the win");
            }

            var content = session.State;
            string what = "the game's final state";
            if (size is { } generated)
            {
                content = ContentGenerator.Create(generated);
                what = $"generated {generated} content";
            }

            output.WriteLine();
            output.WriteLine($"Saving and loading {what} in every format, through the slot store in {directory}:");
            bool allOk = SaveAndLoadEverywhere(output, content, directory);
            return session.HasWon && allOk ? 0 : 1;
        }
        finally
        {
            if (saveDir is null)
            {
                Directory.Delete(directory, recursive: true);
            }
        }
    }

    private static GameSession PlayWalkthrough(TextWriter output, SaveSlotStore<GameContent> store)
    {
        var session = new GameSession(World.NewGame(), store);
        output.WriteLine(session.Introduction());
        foreach (string command in Walkthrough.Commands)
        {
            output.WriteLine();
            PlayCommand.WriteTurn(output, command, session.Execute(command));
        }

        PlayCommand.WriteTurn(output, null, session.FinishAutosave() ?? "");
        return session;
    }

    private static bool SaveAndLoadEverywhere(TextWriter output, GameContent content, string directory)
    {
        output.WriteLine($"{"format",-12} {"compression",-12} {"bytes",12} {"save ms",9} {"load ms",9}  ok");
        bool allOk = true;
        foreach (var format in Enum.GetValues<SaveFormat>())
        {
            foreach (var compression in Enum.GetValues<SaveCompression>())
            {
                var store = SaveSlotStore.ForGame<GameContent>(World.GameId, directory, new SaveOptions { Format = format, Compression = compression });
                string slot = $"demo-{format}-{compression}".ToLowerInvariant();
                string row = $"{format,-12} {compression,-12}";
                try
                {
                    long start = Stopwatch.GetTimestamp();
                    store.Save(slot, content);
                    double saveMs = Stopwatch.GetElapsedTime(start).TotalMilliseconds;
                    start = Stopwatch.GetTimestamp();
                    var loaded = store.Load(slot).Content;
                    double loadMs = Stopwatch.GetElapsedTime(start).TotalMilliseconds;
                    bool ok = ContentDump.Difference(ContentDump.Of(content), ContentDump.Of(loaded)) is null;
                    allOk &= ok;
                    long bytes = new FileInfo(store.PathOf(slot)).Length;
                    output.WriteLine($"{row} {bytes,12:N0} {saveMs,9:F1} {loadMs,9:F1}  {(ok ? "ok" : "MISMATCH")}");
                }
                catch (SaveException e)
                {
                    allOk = false;
                    output.WriteLine($"{row} FAILED: {ErrorText.Of(e)}");
                }
            }
        }

        return allOk;
    }
}

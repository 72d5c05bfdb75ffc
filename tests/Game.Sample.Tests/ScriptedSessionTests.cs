using Engine.Core.Model;
using Engine.Serialization.Slots;
using Engine.Testing;
using Game.Sample.Game;

namespace Game.Sample.Tests;

/// <summary>Whole games piped into the program, in the JIT build and the native one, with a restart between them.</summary>
public sealed class ScriptedSessionTests : IDisposable
{
    private readonly string _saveDir = Directory.CreateTempSubdirectory("scripted-session-").FullName;

    public void Dispose() => Directory.Delete(_saveDir, recursive: true);

    [Theory]
    [MemberData(nameof(GameProgram.Both), MemberType = typeof(GameProgram))]
    public void SaveQuitRestartLoad_EndsInTheSameState(string program)
    {
        var game = GameProgram.Named(program);
        var firstHalf = Walkthrough.Commands.Take(10);
        var secondHalf = Walkthrough.Commands.Skip(10);

        var first = Play(game, [.. firstHalf, "save midway", "inventory", "quit"]);
        var second = Play(game, ["load midway", "save reloaded", "inventory", .. secondHalf, "quit"]);

        Assert.Contains("Saved to slot 'midway'.", first.Output, StringComparison.Ordinal);
        Assert.Contains("Loaded slot 'midway'.", second.Output, StringComparison.Ordinal);
        Assert.Equal(InventoryReply(first.Output), InventoryReply(second.Output));
        Assert.Contains("*** You have won: 50 of 50 points", second.Output, StringComparison.Ordinal);

        var store = new SaveSlotStore<GameContent>(_saveDir);
        GraphAssert.Equal(store.Load("midway").Content, store.Load("reloaded").Content);
    }

    [Theory]
    [MemberData(nameof(GameProgram.Both), MemberType = typeof(GameProgram))]
    public void WalkingThroughFourRooms_LeavesTheNewestThreeAutosaves_ListedAndLoadable(string program)
    {
        var game = GameProgram.Named(program);
        string[] fourRooms = ["north", "east", "west", "west"];

        var first = Play(game, ["take shovel", "use shovel on sand", "take key", .. fourRooms, "slots", "quit"]);
        string[] kept = ["autosave-000002", "autosave-000003", "autosave-000004"];
        var second = Play(game, [.. kept.Select(slot => $"load {slot}"), "quit"]);

        string listing = first.Output[first.Output.IndexOf("> slots\n", StringComparison.Ordinal)..];
        Assert.All(kept, slot => Assert.Contains(slot, listing, StringComparison.Ordinal));
        Assert.DoesNotContain("autosave-000001", listing, StringComparison.Ordinal);
        Assert.All(kept, slot => Assert.Contains($"Loaded slot '{slot}'.", second.Output, StringComparison.Ordinal));

        // The moves before each room entered: three takes and uses, then one per step.
        var store = new SaveSlotStore<GameContent>(_saveDir);
        Assert.Equal(kept, store.List().Select(slot => slot.Name).Where(name => name.StartsWith("autosave-", StringComparison.Ordinal)).Order(StringComparer.Ordinal));
        Assert.Equal([5, 6, 7], kept.Select(slot => store.Load(slot).Content.Player.Moves));
        Assert.Equal(
            kept.Select(slot => store.Load(slot).Content.CurrentRoom().Name),
            kept.Select(slot => store.List().Single(s => s.Name == slot).Info!.Metadata.Title.Split(',')[0]));
    }

    [Theory]
    [MemberData(nameof(GameProgram.Both), MemberType = typeof(GameProgram))]
    public void Load_OfADamagedSlot_SaysSoAndThePlayerPlaysOn(string program)
    {
        var game = GameProgram.Named(program);
        Play(game, ["north", "save broken", "quit"]);
        string path = new SaveSlotStore<GameContent>(_saveDir).PathOf("broken");
        byte[] bytes = File.ReadAllBytes(path);
        bytes[^1] ^= 0xFF;
        File.WriteAllBytes(path, bytes);

        var run = Play(game, ["load broken", "look", "quit"]);

        Assert.Contains("The game could not be loaded:", run.Output, StringComparison.Ordinal);
        Assert.Contains("Pebble Beach", run.Output, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(GameProgram.Both), MemberType = typeof(GameProgram))]
    public void Load_OfAFileThatIsNoSave_PrintsOneLineAndFails(string program)
    {
        string path = Path.Combine(_saveDir, "notes.txt");
        File.WriteAllText(path, "these are not the saves you are looking for");

        var run = GameProgram.Named(program).Run(["load", path]);

        Assert.Equal(1, run.ExitCode);
        Assert.Equal("", run.Output);
        Assert.StartsWith("error: ", run.Error, StringComparison.Ordinal);
        Assert.Single(run.Error.TrimEnd('\n').Split('\n'));
        Assert.Contains(path, run.Error, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(GameProgram.Both), MemberType = typeof(GameProgram))]
    public void UnknownCommand_PrintsOneLineAndExitsWithTwo(string program)
    {
        var run = GameProgram.Named(program).Run(["fly"]);

        Assert.Equal(2, run.ExitCode);
        Assert.Equal("error: unknown command 'fly'; see 'game-sample --help'\n", run.Error);
    }

    private GameRun Play(GameProgram game, IEnumerable<string> commands)
    {
        var run = game.Run(["play", "--save-dir", _saveDir], string.Join('\n', commands) + "\n");
        Assert.True(run.ExitCode == 0 && run.Error.Length == 0, $"{game.Name} play exited {run.ExitCode}: {run.Error}");
        return run;
    }

    /// <summary>The game's reply to the first 'inventory' of a transcript.</summary>
    private static string InventoryReply(string transcript)
    {
        int start = transcript.IndexOf("> inventory\n", StringComparison.Ordinal);
        Assert.True(start >= 0, "the transcript has no inventory command");
        int end = transcript.IndexOf("\n> ", start + 1, StringComparison.Ordinal);
        return transcript[start..(end < 0 ? transcript.Length : end)];
    }
}

using Engine.Core.Model;
using Engine.Serialization.Container;
using Engine.Serialization.Slots;
using Engine.Testing;
using Game.Sample.Game;

namespace Game.Sample.Tests;

/// <summary>
/// The save folder as a boundary, in the native game (issue 32): every slot command piped into <c>play</c> (save NAME,
/// save for the quick slot, load NAME, load for the quick slot, slots) under every <see cref="FolderCondition"/> either
/// works, where the condition leaves what it needs (a read-only folder still loads), or ends the run with exactly one
/// line on stderr, the SaveException's, and exit code 1: never a crash. And nothing a save writes goes
/// through a link planted in the folder.
/// </summary>
public sealed class RefusedFolderTests : IDisposable
{
    private static readonly byte[] Precious = "the player's own file, not a save\n"u8.ToArray();

    private readonly string _root;
    private readonly string _folder;

    public RefusedFolderTests() => _folder = FolderCondition.NewSaveFolder("game-refused-folder-", out _root);

    public void Dispose() => FolderCondition.Delete(_root);

    /// <summary>The commands, and what each does with the folder.</summary>
    private static readonly Dictionary<string, FolderUse> Commands = new()
    {
        ["save base"] = FolderUse.Writing,
        ["save"] = FolderUse.Writing,
        ["load base"] = FolderUse.Loading,
        ["load"] = FolderUse.Loading,
        ["slots"] = FolderUse.Listing,
    };

    public static IEnumerable<object[]> Cells() => FolderCondition.Cells(Commands.Keys);

    [Theory]
    [MemberData(nameof(Cells))]
    public void SlotCommand_InARefusedFolder_WorksOrEndsInOneSaveExceptionLineAndExitOne(string conditionName, string command)
    {
        var condition = FolderCondition.Named(conditionName);
        SaveBaseAndQuickSlot();
        condition.Prepare(_folder);

        var run = Play(GameProgram.Native.Under(condition.Wrapper(_folder)), command);

        if (condition.Refusal(Commands[command]) is { } refusal)
        {
            Assert.True(run.ExitCode == 1, $"'{command}' in {condition} exited {run.ExitCode}: {run.Error}{run.Output}");
            string line = Assert.Single(run.Error.TrimEnd('\n').Split('\n'));
            Assert.StartsWith($"error: {_folder}", line, StringComparison.Ordinal);
            Assert.Contains(refusal, line, StringComparison.Ordinal);
            Assert.DoesNotContain("   at ", run.Error, StringComparison.Ordinal);
            Assert.DoesNotContain("Unhandled", run.Error, StringComparison.Ordinal);
        }
        else
        {
            Assert.True(run.ExitCode == 0 && run.Error.Length == 0, $"'{command}' in {condition} exited {run.ExitCode}: {run.Error}");
            Assert.Contains(Commands[command] == FolderUse.Loading ? "Loaded slot" : "base", run.Output, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void Save_WhenTheSlotsLockFileIsALinkToAnotherFile_EndsInOneLine_AndWritesNothingThroughIt()
    {
        SaveBaseAndQuickSlot();
        string outside = Path.Combine(_root, "outside.txt");
        File.WriteAllBytes(outside, Precious);
        string lockPath = Path.Combine(_folder, "base.sav" + SaveSlotStore.LockExtension);
        File.Delete(lockPath);
        File.CreateSymbolicLink(lockPath, outside);

        var run = Play(GameProgram.Native, "save base");

        Assert.Equal(1, run.ExitCode);
        Assert.StartsWith($"error: {lockPath}: ", run.Error, StringComparison.Ordinal);
        Assert.Contains("symbolic link", run.Error, StringComparison.Ordinal);
        Assert.Equal(Precious, File.ReadAllBytes(outside));
    }

    [Fact]
    public void QuickSave_WhenItsLockFileIsALinkToNothing_CreatesNoFileOutsideTheFolder()
    {
        string outside = Path.Combine(_root, "outside.txt");
        File.CreateSymbolicLink(Path.Combine(_folder, "quicksave.sav" + SaveSlotStore.LockExtension), outside);

        var run = Play(GameProgram.Native, "save");

        Assert.Equal(1, run.ExitCode);
        Assert.False(File.Exists(outside), "the quicksave created the link's target, outside the save folder");
    }

    [Fact]
    public void Save_AtThePrompt_WhenTheFolderRefuses_TellsThePlayer_AndThePlayerPlaysOn()
    {
        Directory.CreateDirectory(Path.Combine(_folder, "base.sav" + SaveSlotStore.LockExtension));
        var session = new GameSession(World.NewGame(), SaveSlotStore.ForGame<GameContent>(World.GameId, _folder));

        string reply = session.Execute("save base");

        Assert.StartsWith("The game could not be saved: ", reply, StringComparison.Ordinal);
        Assert.Contains("a folder is where the file belongs", reply, StringComparison.Ordinal);
        Assert.Contains("Pebble Beach", session.Execute("look"), StringComparison.Ordinal);
    }

    private void SaveBaseAndQuickSlot()
    {
        var store = SaveSlotStore.ForGame<GameContent>(World.GameId, _folder);
        store.Save("base", World.NewGame(), new SaveMetadata { Title = "base" });
        store.QuickSaveAsync(World.NewGame(), new SaveMetadata { Title = "quick" }).GetAwaiter().GetResult();
    }

    private GameRun Play(GameProgram game, string command) => game.Run(["play", "--save-dir", _folder], $"{command}\nquit\n");
}

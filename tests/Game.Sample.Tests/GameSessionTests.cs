using Engine.Core.Generation;
using Engine.Core.Model;
using Engine.Serialization;
using Engine.Serialization.Slots;
using Engine.Testing;
using Game.Sample.Game;

namespace Game.Sample.Tests;

public sealed class GameSessionTests : IDisposable
{
    private readonly string _saveDir = Directory.CreateTempSubdirectory("game-session-").FullName;
    private readonly List<GameSession> _sessions = [];

    /// <summary>Waits for each session's autosave (entering a room writes one in the background) before the folder goes.</summary>
    public void Dispose()
    {
        foreach (var session in _sessions)
        {
            session.FinishAutosave();
        }

        Directory.Delete(_saveDir, recursive: true);
    }

    [Fact]
    public void Walkthrough_FromANewGame_WinsWithEveryPoint()
    {
        var session = NewSession();

        string last = "";
        foreach (string command in Walkthrough.Commands)
        {
            Assert.False(session.HasWon, $"won before '{command}'");
            last = session.Execute(command);
        }

        Assert.True(session.HasWon);
        Assert.Contains("You have won: 50 of 50 points", last, StringComparison.Ordinal);
    }

    [Fact]
    public void Load_AfterMoreMoves_GivesBackExactlyTheSavedState()
    {
        var session = NewSession();
        foreach (string command in Walkthrough.Commands.Take(8))
        {
            session.Execute(command);
        }

        session.Execute("save here");
        var saved = Copy(session.State);
        foreach (string command in Walkthrough.Commands.Skip(8).Take(5))
        {
            session.Execute(command);
        }

        Assert.StartsWith("Loaded slot 'here'.", session.Execute("load here"), StringComparison.Ordinal);
        GraphAssert.Equal(saved, session.State);
    }

    [Fact]
    public void Save_WithoutASlot_GoesToTheQuickSlot_AndSlotsListsIt()
    {
        var session = NewSession();

        Assert.Equal("Saved to slot 'quicksave'.", session.Execute("save"));
        Assert.Contains("quicksave", session.Execute("slots"), StringComparison.Ordinal);
    }

    [Fact]
    public void SaveAndLoad_UnderANameWithPathCharacters_StayInTheSaveFolder()
    {
        var session = NewSession();

        Assert.Equal("Saved to slot 'Chapter 2: ../escape'.", session.Execute("save Chapter 2: ../escape"));
        Assert.Contains("There is no save in slot '../../etc/passwd'", session.Execute("load ../../etc/passwd"), StringComparison.Ordinal);
        Assert.Contains("Chapter 2: ../escape", session.Execute("slots"), StringComparison.Ordinal);
        Assert.StartsWith("Loaded slot 'chapter 2: ../ESCAPE'.", session.Execute("load chapter 2: ../ESCAPE"), StringComparison.Ordinal);
        Assert.Empty(Directory.EnumerateFileSystemEntries(Path.GetDirectoryName(_saveDir)!, "*escape*"));
        Assert.Equal(2, Directory.EnumerateFiles(_saveDir, "chapter 2-escape~*.sav*").Count()); // the save and its lock
    }

    [Fact]
    public void Load_OfAnotherGamesSave_IsRefused_AndTheGameGoesOn()
    {
        new SaveSlotStore<GameContent>(_saveDir).Save("other", ContentGenerator.Create(ContentSize.Small));
        var session = NewSession();
        var before = Copy(session.State);

        Assert.Contains("holds a save of another game", session.Execute("load other"), StringComparison.Ordinal);
        GraphAssert.Equal(before, session.State);
    }

    [Fact]
    public void Load_OfADamagedSave_LoadsTheOneBefore_AndTellsThePlayer()
    {
        var session = NewSession();
        session.Execute(Walkthrough.Commands[0]);
        session.Execute("save here");
        var earlier = Copy(session.State);
        session.Execute(Walkthrough.Commands[1]);
        session.Execute("save here");
        string path = new SaveSlotStore<GameContent>(_saveDir).PathOf("here");
        File.WriteAllBytes(path, File.ReadAllBytes(path).AsSpan(0, 200).ToArray());

        string reply = session.Execute("load here");

        Assert.StartsWith("The newest save in slot 'here' was damaged (", reply, StringComparison.Ordinal);
        Assert.Contains("so the save before it was loaded.\nLoaded slot 'here'.", reply, StringComparison.Ordinal);
        GraphAssert.Equal(earlier, session.State);
    }

    [Theory]
    [InlineData("dance", "I don't know how to \"dance\"")]
    [InlineData("take moon", "")]
    [InlineData("go sideways", "")]
    public void Nonsense_GetsAnAnswer_AndChangesNothingButTheLog(string command, string expectedStart)
    {
        var session = NewSession();
        var before = Copy(session.State);

        string reply = session.Execute(command);

        Assert.NotEqual("", reply);
        Assert.StartsWith(expectedStart, reply, StringComparison.Ordinal);
        Assert.Equal(before.CurrentRoom().Id, session.State.CurrentRoom().Id);
        Assert.Equal(before.Carried().Select(i => i.Id), session.State.Carried().Select(i => i.Id));
        Assert.Equal(before.Player.Score, session.State.Player.Score);
    }

    private GameSession NewSession()
    {
        var session = new GameSession(World.NewGame(), new SaveSlotStore<GameContent>(_saveDir));
        _sessions.Add(session);
        return session;
    }

    private static Engine.Core.Model.GameContent Copy(Engine.Core.Model.GameContent state) => SaveSerializer.Load<GameContent>(SaveSerializer.Save(state));
}

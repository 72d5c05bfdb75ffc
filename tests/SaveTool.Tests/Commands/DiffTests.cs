using RpgGame.Model;

namespace SaveTool.Tests.Commands;

/// <summary><c>savetool diff</c>: the member paths that differ; exit 0 when the games are equal.</summary>
public sealed class DiffTests : IDisposable
{
    private readonly SaveFiles _files = new();

    public void Dispose() => _files.Dispose();

    [Fact]
    public void Diff_OfOneGameInTwoFormats_IsEqual()
    {
        var content = SaveFiles.Small();
        string a = _files.Write("a.sav", content, SaveFormat.Xml, SaveCompression.Lz4);
        string b = _files.Write("b.sav", content, SaveFormat.Protobuf);

        var run = SaveToolProgram.Run("diff", a, b);

        Assert.Equal((0, "The games are equal.\n", ""), (run.ExitCode, run.Output, run.Error));
    }

    [Fact]
    public void Diff_ListsTheMemberPathsThatDiffer()
    {
        var before = SaveFiles.Small();
        var after = SaveFiles.Small();
        after.Player.Score += 10;
        after.Rooms[2].Name = "The Cave";
        after.Rooms[0].WalkGrid.Cells[17] = 0.25f;
        after.Rooms[0].WalkGrid.Cells[18] = 0.5f;
        after.Quests.RemoveAt(after.Quests.Count - 1);
        string a = _files.Write("a.sav", before);
        string b = _files.Write("b.sav", after, SaveFormat.Xml);

        var run = SaveToolProgram.Run("diff", a, b);

        Assert.Equal(1, run.ExitCode);
        string[] lines = run.Output.TrimEnd('\n').Split('\n');
        Assert.Equal(
            [
                $"Rooms[0].WalkGrid.Cells: 2 of {before.Rooms[0].WalkGrid.Cells.Count:N0} items differ, first Rooms[0].WalkGrid.Cells[17]: {before.Rooms[0].WalkGrid.Cells[17].ToString(System.Globalization.CultureInfo.InvariantCulture)} -> 0.25",
                $"Rooms[2].Name: \"{before.Rooms[2].Name}\" -> \"The Cave\"",
                $"Player.Score: {before.Player.Score} -> {after.Player.Score}",
                $"Quests: {before.Quests.Count} items -> {after.Quests.Count} items",
                "4 members differ.",
            ],
            lines);
    }

    [Fact]
    public void Diff_OfTwoModels_SaysSo()
    {
        string a = _files.Write("a.sav", SaveFiles.Small());
        string b = _files.Write("b.sav", PartyFactory.Sample());

        var run = SaveToolProgram.Run("diff", a, b);

        Assert.Equal((1, "The saves hold different models: 'Engine.Core.Model.GameContent' and 'rpg-demo.party'.\n"), (run.ExitCode, run.Output));
    }

    [Fact]
    public void Diff_OfAGamesOwnModel_ComparesDictionariesByKey()
    {
        var before = PartyFactory.Sample();
        var after = PartyFactory.Sample();
        after.Reputation["Millers"] = -5;
        after.Flags["bridge.fixed"] = "yes";
        string a = _files.Write("a.sav", before, SaveFormat.Protobuf);
        string b = _files.Write("b.sav", after);

        var run = SaveToolProgram.Run("diff", a, b);

        Assert.Equal(1, run.ExitCode);
        Assert.Contains("Reputation[\"Millers\"]: 40 -> -5", run.Output, StringComparison.Ordinal);
        Assert.Contains("Flags[\"bridge.fixed\"]: (absent) -> \"yes\"", run.Output, StringComparison.Ordinal);
    }
}

using Engine.Serialization.Text;

namespace Engine.Serialization.Tools.Commands;

/// <summary>
/// <c>diff A B</c>: the member paths whose values differ between two saves' games, one line each; exit 0 when the games
/// are equal, 1 when they differ. Saves of different formats compare by their games, read as <c>dump</c> reads them.
/// </summary>
internal static class DiffCommand
{
    public static int Run(IEnumerable<string> args, ToolOutput output)
    {
        var arguments = ToolArguments.Parse("diff", args, [], []);
        var paths = arguments.Exactly(2, "two save files");
        var a = SaveFile.Open(paths[0]);
        var b = SaveFile.Open(paths[1]);
        if (a.Info.Metadata.ModelId != b.Info.Metadata.ModelId)
        {
            output.Text.WriteLine($"The saves hold different models: '{SaveText.Visible(a.Info.Metadata.ModelId)}' and '{SaveText.Visible(b.Info.Metadata.ModelId)}'.");
            return 1;
        }

        var gameA = a.GameAsMessagePack("diff");
        var gameB = b.GameAsMessagePack("diff");
        var diff = new GameDiff(output.Text);
        a.Walk(() =>
        {
            diff.Compare(gameA, gameB, a.Codec?.Shape.Root);
            return 0;
        });
        output.Text.WriteLine(diff.Differences == 0 ? "The games are equal." : $"{diff.Differences} {(diff.Differences == 1 ? "member differs" : "members differ")}.");
        return diff.Differences == 0 ? 0 : 1;
    }
}

namespace Engine.Serialization.Tools.Commands;

/// <summary>
/// <c>dump FILE [--path PATH]</c>: the game in a save as indented JSON on standard output, whole or one member
/// (<see cref="SaveFile.GameAsMessagePack"/> says how each format is read).
/// </summary>
internal static class DumpCommand
{
    public static int Run(IEnumerable<string> args, ToolOutput output)
    {
        var arguments = ToolArguments.Parse("dump", args, ["--path"], []);
        string path = arguments.Exactly(1, "one save file")[0];
        var member = arguments.Value("--path") is { } text ? MemberPath.Parse(text) : null;

        var save = SaveFile.Open(path);
        var game = save.GameAsMessagePack("dump");
        return save.Walk(() =>
        {
            var value = game;
            if (member is not null)
            {
                var at = member.Locate(game, save.Codec?.Shape.Root);
                value = game.Slice(at.Start, at.Length);
            }

            MessagePackJson.Write(value, output.Bytes);
            return 0;
        });
    }
}

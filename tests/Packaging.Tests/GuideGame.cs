namespace Packaging.Tests;

/// <summary>
/// The game both routes' tests make in a temp folder from the documentation: README's "Using it" program, which also saves
/// and loads its state in every format and compression, with docs/GUIDE.md's savetool call and its fixtures test. Its
/// project turns XML and protobuf on; published with NativeAOT and warnings as errors, it must find every format, write
/// its schemas, freeze its save as fixtures and load them back, with the GUIDE's commands.
/// </summary>
internal static class GuideGame
{
    /// <summary>The properties that switch the opt-in formats on, as the GUIDE writes them.</summary>
    public const string EveryFormat = """
          <PropertyGroup>
            <SaveFormatXml>true</SaveFormatXml>
            <SaveFormatProtobuf>true</SaveFormatProtobuf>
          </PropertyGroup>
        """;

    public static void WriteProgram(string game)
    {
        string[] parts = Readme.Blocks("Using it", "csharp").Single().Split("[SaveModel]");
        string saveTool = Readme.Blocks("Looking inside saves: savetool", "csharp", "docs/GUIDE.md").Single();
        string fixtures = Readme.Blocks("When the model changes", "csharp", "docs/GUIDE.md").Single(block => block.Contains("SaveFixtures.LoadAll", StringComparison.Ordinal));
        var (gameUsings, gameCode) = Usings(parts[0]);
        var (saveToolUsings, saveToolCode) = Usings(saveTool);
        var (fixturesUsings, fixturesCode) = Usings(fixtures);
        string usings = string.Concat(new[] { "using Engine.Serialization.Compression;", "using Engine.Serialization.Formats;" }
            .Concat(gameUsings).Concat(saveToolUsings).Concat(fixturesUsings).Distinct().Select(line => line + "\n"));
        File.WriteAllText(Path.Combine(game, "Program.cs"), usings
            + saveToolCode + "if (args is [\"fixtures\"])\n{\n" + fixturesCode + "return 0;\n}\n\n" + gameCode + """
            foreach (var format in Enum.GetValues<SaveFormat>())
            {
                foreach (var compression in Enum.GetValues<SaveCompression>())
                {
                    var again = SaveSerializer.Load<MyGameState>(SaveSerializer.Save(state, options: new SaveOptions { Format = format, Compression = compression }));
                    Console.WriteLine($"{format} + {compression}: {again.PlayerName} has {again.Inventory["potion"]} potions");
                }
            }

            return 0;

            [SaveModel]
            """ + parts[1]);
    }

    /// <summary>Publishes the game in <paramref name="game"/> (its program from <see cref="WriteProgram"/>), runs it with its saves under <paramref name="work"/>, and checks all of it.</summary>
    public static void PublishRunAndCheck(string game, string work)
    {
        PublishLog.PublishNatively(game);

        string program = Path.Combine(game, "out", "MyGame");
        var home = new Dictionary<string, string> { ["XDG_DATA_HOME"] = Path.Combine(work, "data"), ["HOME"] = work };
        var (exitCode, output) = Command.Run(game, home, program);

        Assert.True(exitCode == 0, output);
        Assert.Contains("Ann has 2 potions", output, StringComparison.Ordinal);
        foreach (string format in new[] { "MessagePack", "Xml", "Protobuf" })
        {
            Assert.Contains($"{format} + None: Ann has 2 potions", output, StringComparison.Ordinal);
            Assert.Contains($"{format} + Lz4: Ann has 2 potions", output, StringComparison.Ordinal);
        }

        string schemas = Command.RunOrFail(game, program, "savetool", "schemas", "--into", "Schemas");
        string save = Path.Combine(work, "data", "my-game", "saves", "chapter 2.sav");
        string frozen = Command.RunOrFail(game, program, "savetool", "freeze", save, "--into", "Fixtures", "--every-format");
        var (fixturesExit, loaded) = Command.Run(game, home, program, "fixtures");

        Assert.Equal(3, schemas.Split('\n', StringSplitOptions.RemoveEmptyEntries).Count(line => line.EndsWith(": written", StringComparison.Ordinal)));
        Assert.Contains("message MyGameState", File.ReadAllText(Path.Combine(game, "Schemas", "MyGameState.proto")), StringComparison.Ordinal);
        Assert.Equal(6, frozen.Split('\n', StringSplitOptions.RemoveEmptyEntries).Count(line => line.EndsWith(": frozen", StringComparison.Ordinal)));
        Assert.True(fixturesExit == 0, loaded);
        Assert.Equal(6, loaded.Split('\n', StringSplitOptions.RemoveEmptyEntries).Count(line => line.EndsWith("(schema 1): Ann", StringComparison.Ordinal)));
    }

    /// <summary>A C# block's using lines, which go to the top of the program, and the rest.</summary>
    private static (IEnumerable<string> Usings, string Code) Usings(string block)
    {
        var lines = block.Split('\n');
        static bool Heading(string line) => line.StartsWith("using ", StringComparison.Ordinal) || line.Length == 0;
        return (lines.TakeWhile(Heading).Where(line => line.Length > 0), string.Join('\n', lines.SkipWhile(Heading)));
    }
}

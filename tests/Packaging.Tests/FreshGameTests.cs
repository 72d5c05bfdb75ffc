namespace Packaging.Tests;

/// <summary>
/// A new console game made in a temp folder from README.md, as a game developer would: "Using it" is its Program.cs,
/// "Getting the engine into a game" its project file and nuget.config (the folder feed added to the package sources the
/// machine already has). It restores the packages, is published with NativeAOT and run, and must save and load its state.
/// </summary>
[Collection(PackageFeed.Collection)]
public sealed class FreshGameTests(PackageFeed feed)
{
    private const string ReadmeFeed = "../engine/artifacts/packages";

    [Fact]
    public void AGameMadeFromTheReadme_RestoresThePackages_PublishesWithNativeAot_AndRoundTripsItsSave()
    {
        string game = Path.Combine(feed.Work, "my-game");
        Directory.CreateDirectory(game);
        var project = Readme.Blocks("Getting the engine into a game", "xml");
        Assert.Contains($"Version=\"{feed.VersionPrefix}\"", project[0], StringComparison.Ordinal);
        Assert.Contains(ReadmeFeed, project[1], StringComparison.Ordinal);
        File.WriteAllText(Path.Combine(game, "MyGame.csproj"), project[0].Replace($"Version=\"{feed.VersionPrefix}\"", $"Version=\"{feed.Version}\"", StringComparison.Ordinal));
        File.WriteAllText(Path.Combine(game, "nuget.config"), project[1].Replace(ReadmeFeed, feed.Folder, StringComparison.Ordinal));
        File.WriteAllText(Path.Combine(game, "Program.cs"), Readme.Blocks("Using it", "csharp").Single());

        PublishLog.PublishNatively(game);

        var home = new Dictionary<string, string> { ["XDG_DATA_HOME"] = Path.Combine(feed.Work, "data"), ["HOME"] = feed.Work };
        var (exitCode, output) = Command.Run(game, home, Path.Combine(game, "out", "MyGame"));

        Assert.True(exitCode == 0, output);
        Assert.Contains("chapter 2: ", output, StringComparison.Ordinal);
        Assert.Contains("autosave-", output, StringComparison.Ordinal);
        Assert.Contains("Ann has 2 potions", output, StringComparison.Ordinal);
        Assert.NotEmpty(Directory.GetFiles(Path.Combine(feed.Work, "data", "my-game", "saves"), "*.sav"));
    }

    /// <summary>The documentation's game (<see cref="GuideGame"/>) from the packages, savetool's library among them, with XML and protobuf on.</summary>
    [Fact]
    public void TheGuidesGame_FromThePackages_WithXmlAndProtobufOn_PublishesWithNativeAot_SavesEveryFormat_WritesSchemasAndFixtures()
    {
        string game = Path.Combine(feed.Work, "guide-game");
        Directory.CreateDirectory(game);
        var project = Readme.Blocks("Getting the engine into a game", "xml");
        File.WriteAllText(Path.Combine(game, "MyGame.csproj"), project[0]
            .Replace($"Version=\"{feed.VersionPrefix}\"", $"Version=\"{feed.Version}\"", StringComparison.Ordinal)
            .Replace("<PackageReference Include=\"Engine.Serialization\" ", $"<PackageReference Include=\"Engine.Serialization.Tools\" Version=\"{feed.Version}\" />\n    <PackageReference Include=\"Engine.Serialization\" ", StringComparison.Ordinal)
            .Replace("</Project>", GuideGame.EveryFormat + "</Project>", StringComparison.Ordinal));
        File.WriteAllText(Path.Combine(game, "nuget.config"), project[1].Replace(ReadmeFeed, feed.Folder, StringComparison.Ordinal));
        GuideGame.WriteProgram(game);

        GuideGame.PublishRunAndCheck(game, Path.Combine(feed.Work, "guide-game-home"));
    }

    /// <summary>docs/GUIDE.md's savetool call in a game made from the packages: the commands work on the game's own model, natively.</summary>
    [Fact]
    public void AGameCallingSaveToolRun_FromThePackages_EditsItsOwnModelsSave_Natively()
    {
        string game = Path.Combine(feed.Work, "tool-game");
        Directory.CreateDirectory(game);
        string project = Readme.Blocks("Getting the engine into a game", "xml")[0].Replace($"Version=\"{feed.VersionPrefix}\"", $"Version=\"{feed.Version}\"", StringComparison.Ordinal);
        File.WriteAllText(Path.Combine(game, "ToolGame.csproj"), project.Replace("<PackageReference Include=\"Engine.Serialization\" ",
            $"<PackageReference Include=\"Engine.Serialization.Tools\" Version=\"{feed.Version}\" />\n    <PackageReference Include=\"Engine.Serialization\" ", StringComparison.Ordinal));
        File.WriteAllText(Path.Combine(game, "nuget.config"), Readme.Blocks("Getting the engine into a game", "xml")[1].Replace(ReadmeFeed, feed.Folder, StringComparison.Ordinal));
        string model = Readme.Blocks("Using it", "csharp").Single().Split("[SaveModel]")[1];
        File.WriteAllText(Path.Combine(game, "Program.cs"), "using Engine.Serialization;\nusing MessagePack;\n"
            + Readme.Blocks("Looking inside saves: savetool", "csharp", "docs/GUIDE.md").Single()
            + "SaveSerializer.SaveToFile(args[0], new MyGameState { PlayerName = \"Ann\" });\nreturn 0;\n\n[SaveModel]" + model);

        PublishLog.PublishNatively(game);
        string program = Path.Combine(game, "out", "ToolGame");
        Command.RunOrFail(game, program, "slot.sav");
        string edited = Command.RunOrFail(game, program, "savetool", "edit", "slot.sav", "--set", "PlayerName=Bo");
        string dumped = Command.RunOrFail(game, program, "savetool", "dump", "slot.sav", "--path", "PlayerName");

        Assert.Contains("PlayerName: \"Ann\" -> \"Bo\"", edited, StringComparison.Ordinal);
        Assert.Equal("\"Bo\"\n", dumped);
        Assert.True(File.Exists(Path.Combine(game, "slot.sav.bak")));
    }
}

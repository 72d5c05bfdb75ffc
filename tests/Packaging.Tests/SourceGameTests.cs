using Engine.Testing;

namespace Packaging.Tests;

/// <summary>
/// A new console game made in a temp folder by README.md's source route: "Getting the engine into a game" gives its
/// project's references (the engine being this checkout), with XML and protobuf switched on, and "Using it" its program,
/// which also saves and loads its state in every format and compression. Published with NativeAOT and run, it must
/// find every format it asked for.
/// </summary>
public sealed class SourceGameTests : IDisposable
{
    private const string ReadmeEngine = "../engine/";

    private readonly string _work = Directory.CreateTempSubdirectory("engine-source-game-").FullName;

    [Fact]
    public void AGameReferencingTheEnginesProjects_WithXmlAndProtobufOn_PublishesWithNativeAot_AndSavesEveryFormat()
    {
        var blocks = Readme.Blocks("Getting the engine into a game", "xml");
        string fromSource = blocks[2];
        Assert.Contains(ReadmeEngine, fromSource, StringComparison.Ordinal);
        string properties = blocks[0].Split("<ItemGroup>")[0].Replace("<Project Sdk=\"Microsoft.NET.Sdk\">", "", StringComparison.Ordinal);
        string game = Path.Combine(_work, "my-game");
        Directory.CreateDirectory(game);
        File.WriteAllText(Path.Combine(game, "MyGame.csproj"), $"""
            <Project Sdk="Microsoft.NET.Sdk">
            {properties}
              <PropertyGroup>
                <SaveFormatXml>true</SaveFormatXml>
                <SaveFormatProtobuf>true</SaveFormatProtobuf>
              </PropertyGroup>
            {fromSource.Replace(ReadmeEngine, Repository.Root + "/", StringComparison.Ordinal)}
            </Project>
            """);
        string usingIt = Readme.Blocks("Using it", "csharp").Single();
        string[] parts = usingIt.Split("[SaveModel]");
        File.WriteAllText(Path.Combine(game, "Program.cs"), "using Engine.Serialization.Compression;\nusing Engine.Serialization.Formats;\n" + parts[0] + """
            foreach (var format in Enum.GetValues<SaveFormat>())
            {
                foreach (var compression in Enum.GetValues<SaveCompression>())
                {
                    var again = SaveSerializer.Load<MyGameState>(SaveSerializer.Save(state, options: new SaveOptions { Format = format, Compression = compression }));
                    Console.WriteLine($"{format} + {compression}: {again.PlayerName} has {again.Inventory["potion"]} potions");
                }
            }

            [SaveModel]
            """ + parts[1]);

        Command.RunOrFail(Repository.Root, "bash", "build/native-prereqs.sh");
        string log = Command.RunOrFail(game, "dotnet", "publish", "-c", "Release", "-o", "out", "-nologo");
        Assert.Empty(PublishLog.OurTrimWarnings(log, "MyGame"));

        var home = new Dictionary<string, string> { ["XDG_DATA_HOME"] = Path.Combine(_work, "data"), ["HOME"] = _work };
        var (exitCode, output) = Command.Run(game, home, Path.Combine(game, "out", "MyGame"));

        Assert.True(exitCode == 0, output);
        Assert.Contains("Ann has 2 potions", output, StringComparison.Ordinal);
        foreach (string format in new[] { "MessagePack", "Xml", "Protobuf" })
        {
            Assert.Contains($"{format} + None: Ann has 2 potions", output, StringComparison.Ordinal);
            Assert.Contains($"{format} + Lz4: Ann has 2 potions", output, StringComparison.Ordinal);
        }
    }

    public void Dispose() => Directory.Delete(_work, recursive: true);
}

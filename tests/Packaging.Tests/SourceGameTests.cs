using Engine.Testing;

namespace Packaging.Tests;

/// <summary>
/// The documentation's game (<see cref="GuideGame"/>) made in a temp folder by README.md's source route: "Getting the
/// engine into a game" gives its project's references, the engine being this checkout, and docs/GUIDE.md's savetool
/// section the reference to Engine.Serialization.Tools.
/// </summary>
public sealed class SourceGameTests : IDisposable
{
    private const string ReadmeEngine = "../engine/";

    private readonly string _work = Directory.CreateTempSubdirectory("engine-source-game-").FullName;

    [Fact]
    public void AGameReferencingTheEnginesProjects_WithXmlAndProtobufOn_PublishesWithNativeAot_SavesEveryFormat_WritesSchemasAndFixtures()
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
            {GuideGame.EveryFormat}
            {fromSource.Replace(ReadmeEngine, Repository.Root + "/", StringComparison.Ordinal)}
              <ItemGroup>
                <ProjectReference Include="{Repository.Root}/Tools/Engine.Serialization.Tools/Engine.Serialization.Tools.csproj" />
              </ItemGroup>
            </Project>
            """);
        GuideGame.WriteProgram(game);

        GuideGame.PublishRunAndCheck(game, _work);
    }

    public void Dispose() => Directory.Delete(_work, recursive: true);
}

using Engine.Testing;

namespace Packaging.Tests;

/// <summary>
/// savetool as a .NET tool: packed (README.md's "dotnet pack Tools/SaveTool"), installed from the folder feed and run on
/// a save of each opt-in format, which the tool reads through GameContent's model.
/// </summary>
[Collection(PackageFeed.Collection)]
public sealed class ToolPackageTests(PackageFeed feed)
{
    [Fact]
    public void Savetool_InstallsFromTheFeed_AndReadsASaveThroughItsModel()
    {
        Assert.Contains("README.md", feed.Entries("savetool"));
        string tools = Path.Combine(feed.Work, "tools");
        Command.RunOrFail(feed.Work, "dotnet", "tool", "install", "savetool", "--tool-path", tools, "--add-source", feed.Folder, "--version", feed.Version);
        string fixtures = Path.Combine(Repository.Root, "tests", "Engine.Serialization.Tests", "Fixtures", "schema-v1");

        foreach (string save in new[] { "small-protobuf-lz4.sav", "small-xml-none.sav" })
        {
            string name = Command.RunOrFail(feed.Work, Path.Combine(tools, "savetool"), "dump", Path.Combine(fixtures, save), "--path", "Rooms[0].Name");

            Assert.Matches("^\"[^\"]+\"\n$", name);
        }
    }
}

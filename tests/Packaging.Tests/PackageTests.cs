using System.Text.RegularExpressions;
using System.Xml.Linq;
using Engine.Testing;

namespace Packaging.Tests;

/// <summary>What the engine's packages hold and say about themselves.</summary>
[Collection(PackageFeed.Collection)]
public sealed class PackageTests(PackageFeed feed)
{
    [Fact]
    public void EngineSerialization_CarriesItsGeneratorAsAnAnalyzer_AndMessagePackItself()
    {
        var entries = feed.Entries("Engine.Serialization");

        Assert.Contains("lib/net10.0/Engine.Serialization.dll", entries);
        Assert.Contains("lib/net10.0/Engine.Serialization.xml", entries);
        Assert.Contains("analyzers/dotnet/cs/Engine.Serialization.Generator.dll", entries);
        Assert.Contains("lib/net10.0/MessagePack.dll", entries);
        Assert.Contains("THIRD-PARTY-NOTICES.md", entries);
        Assert.DoesNotContain(entries, e => e.EndsWith(".pdb", StringComparison.Ordinal));
        Assert.Contains("lib/net10.0/Engine.Serialization.pdb", feed.Entries("Engine.Serialization", ".snupkg"));
    }

    [Fact]
    public void EngineSerialization_DependsOnNeitherMessagePackNorItsAnalyzer_WhichThePackageSourceLacksIn3x()
    {
        var dependencies = Dependencies("Engine.Serialization");

        Assert.DoesNotContain("MessagePack", dependencies.Keys);
        Assert.DoesNotContain("MessagePackAnalyzer", dependencies.Keys);
        // MessagePack.dll's own dependencies, and the engine's.
        Assert.Equal(["K4os.Compression.LZ4.Streams", "MessagePack.Annotations", "Microsoft.NET.StringTools", "System.IO.Hashing", "protobuf-net.Core"],
            dependencies.Keys.Order(StringComparer.Ordinal));
    }

    [Fact]
    public void EngineCore_DependsOnEngineSerializationOfItsOwnVersion()
    {
        var dependencies = Dependencies("Engine.Core");

        Assert.Equal(feed.Version, Assert.Single(dependencies, d => d.Key == "Engine.Serialization").Value);
        Assert.Contains("lib/net10.0/Engine.Core.dll", feed.Entries("Engine.Core"));
        Assert.Contains("lib/net10.0/Engine.Core.pdb", feed.Entries("Engine.Core", ".snupkg"));
    }

    [Fact]
    public void EngineSerializationTools_DependsOnEngineSerializationOfItsOwnVersion()
    {
        Assert.Equal(feed.Version, Assert.Single(Dependencies("Engine.Serialization.Tools"), d => d.Key == "Engine.Serialization").Value);
        Assert.Contains("lib/net10.0/Engine.Serialization.Tools.dll", feed.Entries("Engine.Serialization.Tools"));
    }

    [Theory]
    [InlineData("Engine.Serialization")]
    [InlineData("Engine.Core")]
    [InlineData("Engine.Serialization.Tools")]
    public void EveryPackage_SaysWhatItIs_WhoMadeIt_ItsLicense_AndCarriesItsReadme(string id)
    {
        var metadata = Metadata(id);

        Assert.Equal(id, Value(metadata, "id"));
        Assert.Equal(feed.Version, Value(metadata, "version"));
        Assert.False(string.IsNullOrWhiteSpace(Value(metadata, "description")));
        Assert.False(string.IsNullOrWhiteSpace(Value(metadata, "authors")));
        Assert.Contains("messagepack", Value(metadata, "tags"), StringComparison.Ordinal);
        var license = metadata.Element(metadata.Name.Namespace + "license")!;
        Assert.Equal(("expression", "MIT"), (license.Attribute("type")?.Value, license.Value));
        Assert.Equal("README.md", Value(metadata, "readme"));
        Assert.Contains("README.md", feed.Entries(id));

        // The repository is the clone that packed, named when git's origin remote is a web address (a nuspec without
        // one, as Engine.Serialization's is, loses the element whole).
        var (exitCode, origin) = Command.Run(Repository.Root, null, "git", "remote", "get-url", "origin");
        if (exitCode == 0 && origin.StartsWith("https://", StringComparison.Ordinal))
        {
            var repository = metadata.Element(metadata.Name.Namespace + "repository")!;
            Assert.Equal("git", repository.Attribute("type")?.Value);
            Assert.StartsWith("https://", repository.Attribute("url")?.Value ?? "", StringComparison.Ordinal);
            Assert.Matches("^[0-9a-f]{40}$", repository.Attribute("commit")?.Value ?? "");
        }
    }

    [Fact]
    public void TheReadme_NamesThePackagesVersion()
    {
        string project = Readme.Blocks("Getting the engine into a game", "xml")[0];

        Assert.Matches($"<PackageReference Include=\"Engine.Serialization\" Version=\"{Regex.Escape(feed.VersionPrefix)}\" />", project);
    }

    private XElement Metadata(string id)
    {
        var nuspec = feed.Nuspec(id);
        return nuspec.Element(nuspec.Name.Namespace + "metadata")!;
    }

    private Dictionary<string, string> Dependencies(string id) =>
        Metadata(id).Descendants().Where(e => e.Name.LocalName == "dependency")
            .ToDictionary(e => e.Attribute("id")!.Value, e => e.Attribute("version")!.Value);

    private static string Value(XElement metadata, string name) => metadata.Element(metadata.Name.Namespace + name)?.Value ?? "";
}

using System.IO.Compression;
using System.Reflection;
using System.Xml.Linq;
using Engine.Testing;

namespace Packaging.Tests;

/// <summary>
/// Engine.Serialization and Engine.Core packed into a folder feed in a temp folder, from the builds the test project
/// references, under a version no earlier run used (0.1.0-test.TIME.PID), so a package an earlier run left in NuGet's
/// global packages folder can't stand in for these. Disposing removes the folder and those versions from that cache.
/// </summary>
public sealed class PackageFeed : IDisposable
{
    /// <summary>The tests that share one feed, packed once.</summary>
    public const string Collection = "package feed";

    /// <summary>Each package the feed holds, and the project it is packed from: the libraries, and savetool (a .NET tool).</summary>
    public static readonly (string Id, string Project)[] Packages =
    [
        ("Engine.Serialization", "Engine.Serialization/Engine.Serialization.csproj"),
        ("Engine.Core", "Engine.Core/Engine.Core.csproj"),
        ("Engine.Serialization.Tools", "Tools/Engine.Serialization.Tools/Engine.Serialization.Tools.csproj"),
        ("savetool", "Tools/SaveTool/SaveTool.csproj"),
    ];

    public PackageFeed()
    {
        Work = Path.Combine(Path.GetTempPath(), "engine-packaging-" + Guid.NewGuid().ToString("N")[..8]);
        Folder = Path.Combine(Work, "feed");
        Directory.CreateDirectory(Folder);
        VersionPrefix = Command.RunOrFail(Repository.Root, "dotnet", "msbuild", "Engine.Serialization/Engine.Serialization.csproj", "-getProperty:VersionPrefix")
            .Trim();
        Version = $"{VersionPrefix}-test.{DateTime.UtcNow:yyyyMMddHHmmss}.{Environment.ProcessId}";

        string configuration = typeof(PackageFeed).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "Configuration").Value!;
        foreach (var (_, project) in Packages)
        {
            // The builds are the test project's own references: packing them again would rebuild what other tests run.
            Command.RunOrFail(Repository.Root, "dotnet", "pack", project, "-c", configuration, "--no-build", "--no-restore",
                "-o", Folder, $"-p:PackageVersion={Version}", $"-p:NuspecOutputPath={Path.Combine(Work, "nuspec")}", "-nologo");
        }
    }

    /// <summary>The temp folder the feed and the games made from it are in.</summary>
    public string Work { get; }

    public string Folder { get; }

    /// <summary>The version the repository gives its packages (Directory.Build.props), which README.md names.</summary>
    public string VersionPrefix { get; }

    public string Version { get; }

    public string PackagePath(string id, string extension = ".nupkg") => Path.Combine(Folder, $"{id}.{Version}{extension}");

    public IReadOnlyList<string> Entries(string id, string extension = ".nupkg")
    {
        using var zip = ZipFile.OpenRead(PackagePath(id, extension));
        return [.. zip.Entries.Select(e => e.FullName)];
    }

    public XElement Nuspec(string id)
    {
        using var zip = ZipFile.OpenRead(PackagePath(id));
        using var stream = zip.GetEntry(id + ".nuspec")!.Open();
        return XElement.Load(stream);
    }

    public void Dispose()
    {
        Directory.Delete(Work, recursive: true);
        string globalPackages = Command.RunOrFail(Path.GetTempPath(), "dotnet", "nuget", "locals", "global-packages", "--list")
            .Split("global-packages:")[1].Trim();
        foreach (var (package, _) in Packages)
        {
            string restored = Path.Combine(globalPackages, package.ToLowerInvariant(), Version);
            if (Directory.Exists(restored))
            {
                Directory.Delete(restored, recursive: true);
            }

            string versions = Path.GetDirectoryName(restored)!;
            if (Directory.Exists(versions) && !Directory.EnumerateFileSystemEntries(versions).Any())
            {
                Directory.Delete(versions);
            }
        }
    }
}

[CollectionDefinition(PackageFeed.Collection)]
public sealed class PackageFeedCollection : ICollectionFixture<PackageFeed>;

using System.Text.RegularExpressions;
using Engine.Testing;

namespace Packaging.Tests;

/// <summary>A game made in a temp folder, published as a game developer publishes it.</summary>
internal static partial class PublishLog
{
    /// <summary>
    /// Publishes the game in <paramref name="game"/> with NativeAOT into its <c>out</c> folder, warnings as errors
    /// (NativeAOT's C toolchain and zlib installed when missing), and checks that its log holds no trim/AOT warning.
    /// </summary>
    public static void PublishNatively(string game)
    {
        Command.RunOrFail(Repository.Root, "bash", "build/native-prereqs.sh");
        string log = Command.RunOrFail(game, "dotnet", "publish", "-c", "Release", "-o", "out", "-nologo", "-p:TreatWarningsAsErrors=true");
        Assert.Empty(TrimWarnings(log));
    }

    /// <summary>
    /// Every trim/AOT warning (IL2xxx, IL3xxx), or one made an error: the engine's package silences its dependencies'
    /// (Engine.Serialization.targets), so a game's publish prints none of its own accord.
    /// </summary>
    private static IEnumerable<string> TrimWarnings(string log) => log.Split('\n').Where(line => TrimWarning().IsMatch(line));

    [GeneratedRegex(@"\b(warning|error) IL[23][0-9]{3}\b")]
    private static partial Regex TrimWarning();
}

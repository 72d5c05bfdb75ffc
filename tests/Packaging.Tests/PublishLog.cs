using System.Text.RegularExpressions;

namespace Packaging.Tests;

/// <summary>What a game's <c>dotnet publish</c> printed.</summary>
internal static partial class PublishLog
{
    /// <summary>
    /// Every trim/AOT warning (IL2xxx, IL3xxx), or one made an error: the engine's package silences its dependencies'
    /// (Engine.Serialization.targets), so a game's publish prints none of its own accord.
    /// </summary>
    public static IEnumerable<string> TrimWarnings(string log) => log.Split('\n').Where(line => TrimWarning().IsMatch(line));

    [GeneratedRegex(@"\b(warning|error) IL[23][0-9]{3}\b")]
    private static partial Regex TrimWarning();
}

namespace Packaging.Tests;

/// <summary>What a game's <c>dotnet publish</c> printed.</summary>
internal static class PublishLog
{
    /// <summary>
    /// Trim/AOT warnings from the engine or the game: one summary line per third-party assembly (MessagePack's,
    /// protobuf-net's) is expected, as in build/publish-native.sh; none may come from the engine or the game.
    /// </summary>
    public static IEnumerable<string> OurTrimWarnings(string log, string game) =>
        log.Split('\n').Where(l => l.Contains("warning IL", StringComparison.Ordinal)
            && (l.Contains("'Engine.", StringComparison.Ordinal) || l.Contains($"'{game}'", StringComparison.Ordinal) || !l.Contains("Assembly '", StringComparison.Ordinal)));
}

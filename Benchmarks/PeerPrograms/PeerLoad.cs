using System.Diagnostics;
using Engine.Core.Model;

namespace Benchmarks.PeerPrograms;

/// <summary>
/// A peer's counterpart of <c>game-sample load FILE --quiet</c>, for the cold-start harness: reads a
/// bare payload of one peer's format, decodes the whole GameContent, and prints only the time,
/// as "load-ms=12.345".
/// </summary>
internal static class PeerLoad
{
    public static int Run(string[] args, Func<byte[], GameContent> decode)
    {
        if (args is not [string path])
        {
            Console.Error.WriteLine("usage: PROGRAM FILE");
            return 2;
        }

        long start = Stopwatch.GetTimestamp();
        var content = decode(File.ReadAllBytes(path));
        double milliseconds = Stopwatch.GetElapsedTime(start).TotalMilliseconds;
        Console.WriteLine(FormattableString.Invariant($"load-ms={milliseconds:F3}"));
        return content.Rooms.Count > 0 ? 0 : 1;
    }
}

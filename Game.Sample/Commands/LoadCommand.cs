using System.Diagnostics;
using Engine.Core.Model;
using Engine.Serialization;
using Engine.Serialization.Text;

namespace Game.Sample.Commands;

/// <summary>
/// <c>load FILE [--quiet]</c>: loads any save, its format and compression taken from its header,
/// and prints what it holds. A cold-start harness runs it many times with --quiet, so that path
/// does nothing but the load and prints only its time, as "load-ms=12.345".
/// </summary>
internal static class LoadCommand
{
    public static int Run(ReadOnlySpan<string> args, TextWriter output)
    {
        var arguments = Arguments.Parse("load", args, [], ["--quiet"], maxPositionals: 1);
        if (arguments.Positionals.Count == 0)
        {
            throw new UsageException("'load' needs a save file: game-sample load FILE [--quiet]");
        }

        string path = arguments.Positionals[0];
        long start = Stopwatch.GetTimestamp();
        if (arguments.Flag("--quiet"))
        {
            SaveSerializer.LoadFromFile<GameContent>(path);
            output.WriteLine(FormattableString.Invariant($"load-ms={Stopwatch.GetElapsedTime(start).TotalMilliseconds:F3}"));
            return 0;
        }

        var info = SaveSerializer.ReadInfo(path);
        var content = SaveSerializer.LoadFromFile<GameContent>(path);
        double ms = Stopwatch.GetElapsedTime(start).TotalMilliseconds;
        output.WriteLine(
            $"{SaveText.Visible(path)}: {info.Header.Format}, {Arguments.Name(info.Header.Compression)}, {info.FileLength:N0} bytes, \"{SaveText.Visible(info.Metadata.Title)}\", "
            + $"{content.Rooms.Count} rooms, {content.Characters.Count} characters; loaded in {ms:F1} ms");
        return 0;
    }
}

using System.Globalization;
using System.Text;
using System.Text.RegularExpressions;

namespace Engine.Serialization.Tests.Slots.PowerCut;

/// <summary>A change a process made to one folder, as strace saw it; names are file names in that folder.</summary>
internal abstract record FolderOperation;

/// <summary>A file opened with O_CREAT: a new, empty file unless the name already exists.</summary>
internal sealed record Created(string Name) : FolderOperation;

internal sealed record Written(string Name, long Offset, byte[] Data) : FolderOperation
{
    public override string ToString() => $"Written {{ Name = {Name}, Offset = {Offset}, Length = {Data.Length} }}";
}

/// <summary>fsync or fdatasync of the file now named <see cref="Name"/>: its data is on disk, its name may not be.</summary>
internal sealed record Synced(string Name) : FolderOperation;

/// <summary>fsync of the folder itself: every name change before it is on disk.</summary>
internal sealed record FolderSynced : FolderOperation;

internal sealed record Linked(string From, string To) : FolderOperation;

internal sealed record Renamed(string From, string To) : FolderOperation;

internal sealed record Unlinked(string Name) : FolderOperation;

/// <summary>
/// Runs a save under strace and reads back every call that changed a file in the save folder or made it durable, in
/// the order the kernel ran them. A call the replay can't model (write at the file position, truncation, vectored
/// writes, ...) fails the test instead of being skipped, so a change in how .NET writes can't make the replay vacuous.
/// </summary>
internal static partial class FolderTrace
{
    /// <summary>Every call that creates, writes, syncs, links, renames, truncates or removes a file.</summary>
    private const string TracedCalls =
        "open,openat,creat,write,pwrite64,writev,pwritev,pwritev2,fsync,fdatasync,sync_file_range,"
        + "link,linkat,rename,renameat,renameat2,unlink,unlinkat,truncate,ftruncate,fallocate,copy_file_range";

    /// <summary>Saves <paramref name="number"/> into <paramref name="folder"/> with tests/SaveLoop, under strace; files <paramref name="ignore"/> names are left out.</summary>
    public static IReadOnlyList<FolderOperation> RecordSave(string folder, int number, string traceFile, Func<string, bool> ignore)
    {
        using (var loop = SaveLoopProcess.Start(folder, number, 1, Strace(traceFile)))
        {
            int exitCode = loop.WaitForExit(TimeSpan.FromMinutes(2));
            Assert.True(exitCode == 0, $"The save under strace exited with {exitCode}: {loop.Error}");
            Assert.Equal([number.ToString(CultureInfo.InvariantCulture)], loop.Lines);
        }

        return Parse(File.ReadLines(traceFile), folder, ignore);
    }

    /// <summary>
    /// Autosaves <paramref name="count"/> times into <paramref name="folder"/> from one store of tests/SaveLoop, under
    /// strace; returns the operations and what the loop printed ("NAME MOVES" for each autosave).
    /// </summary>
    public static (IReadOnlyList<FolderOperation> Operations, IReadOnlyList<string> Lines) RecordAutosaves(
        string folder, int count, string traceFile, Func<string, bool> ignore)
    {
        IReadOnlyList<string> lines;
        using (var loop = SaveLoopProcess.StartAutosaves(folder, 1, count, Strace(traceFile)))
        {
            int exitCode = loop.WaitForExit(TimeSpan.FromMinutes(2));
            Assert.True(exitCode == 0, $"The autosaves under strace exited with {exitCode}: {loop.Error}");
            lines = loop.Lines;
        }

        return (Parse(File.ReadLines(traceFile), folder, ignore), lines);
    }

    // -y names each descriptor's file, -xx prints every string in hex (paths and the bytes written alike), -s prints
    // whole buffers; saves here are far below 16 MiB.
    private static string[] Strace(string traceFile) =>
        ["strace", "-f", "-qq", "-y", "-xx", "-s", "16777216", "-o", traceFile, "-e", "trace=" + TracedCalls];

    /// <summary>The calls of an strace -f -y -xx log that succeeded on files in <paramref name="folder"/>.</summary>
    public static IReadOnlyList<FolderOperation> Parse(IEnumerable<string> lines, string folder, Func<string, bool> ignore)
    {
        var operations = new List<FolderOperation>();
        var unfinished = new Dictionary<string, string>();
        foreach (string line in lines)
        {
            // PID call(args <unfinished ...> when another thread's call came in between, then PID <... call resumed>) = N.
            string pid = line[..line.IndexOf(' ', StringComparison.Ordinal)];
            string call = line[pid.Length..].TrimStart();
            if (call.EndsWith(" <unfinished ...>", StringComparison.Ordinal))
            {
                unfinished[pid] = call[..^" <unfinished ...>".Length];
                continue;
            }

            if (call.StartsWith("<... ", StringComparison.Ordinal))
            {
                call = unfinished[pid] + call[(call.IndexOf("resumed>", StringComparison.Ordinal) + "resumed>".Length)..];
                unfinished.Remove(pid);
            }

            var match = CallPattern().Match(call);
            if (match.Success && long.TryParse(match.Groups["result"].Value, CultureInfo.InvariantCulture, out long result) && result >= 0)
            {
                var operation = ToOperation(match.Groups["name"].Value, match.Groups["args"].Value.Split(", "), result, folder, ignore);
                if (operation is not null)
                {
                    operations.Add(operation);
                }
            }
        }

        return operations;
    }

    private static FolderOperation? ToOperation(string call, string[] args, long result, string folder, Func<string, bool> ignore)
    {
        // The name in the folder of a path, or null for the folder itself, a path elsewhere or an ignored file.
        string? NameOf(string path) =>
            Path.GetDirectoryName(path) == folder && Path.GetFileName(path) is { Length: > 0 } name && !ignore(name) ? name : null;

        string? AtPath(int dir, int path) => NameOf(Path.Combine(Descriptor(args[dir]), Text(args[path])));

        switch (call)
        {
            case "open" or "openat" or "creat":
                string? opened = call == "openat" ? AtPath(0, 1) : NameOf(Text(args[0]));
                string flags = call switch { "creat" => "O_CREAT|O_TRUNC", "open" => args[1], _ => args[2] };
                return opened is null ? null
                    : flags.Contains("O_TRUNC", StringComparison.Ordinal) ? Unmodelled(call, opened)
                    : flags.Contains("O_CREAT", StringComparison.Ordinal) ? new Created(opened)
                    : null;
            case "pwrite64":
                byte[] data = Bytes(args[1]);
                Assert.True(data.Length == result, $"strace printed {data.Length} of the {result} bytes written; raise -s.");
                return NameOf(Descriptor(args[0])) is { } written ? new Written(written, long.Parse(args[3], CultureInfo.InvariantCulture), data) : null;
            case "fsync" or "fdatasync":
                string synced = Descriptor(args[0]);
                return synced == folder ? new FolderSynced() : NameOf(synced) is { } name ? new Synced(name) : null;
            case "link" or "rename":
                return Moved(call, NameOf(Text(args[0])), NameOf(Text(args[1])));
            case "linkat" or "renameat" or "renameat2":
                if (call == "renameat2" && args[4].Contains("RENAME_EXCHANGE", StringComparison.Ordinal))
                {
                    return Unmodelled(call, args[1]);
                }

                return Moved(call, AtPath(0, 1), AtPath(2, 3));
            case "unlink":
                return NameOf(Text(args[0])) is { } unlinked ? new Unlinked(unlinked) : null;
            case "unlinkat":
                return AtPath(0, 1) is { } removed ? new Unlinked(removed) : null;
            default:
                // write (at the file position), vectored writes, truncation, preallocation, copies: not modelled.
                return args.Select(arg => arg.StartsWith('"') ? NameOf(Text(arg)) : arg.Contains('<', StringComparison.Ordinal) ? NameOf(Descriptor(arg)) : null)
                    .FirstOrDefault(name => name is not null) is { } file ? Unmodelled(call, file) : null;
        }
    }

    private static FolderOperation? Moved(string call, string? from, string? to) => (from, to) switch
    {
        (null, null) => null,
        ({ } source, { } target) => call.StartsWith("link", StringComparison.Ordinal) ? new Linked(source, target) : new Renamed(source, target),
        _ => Unmodelled(call, from ?? to!),
    };

    private static FolderOperation Unmodelled(string call, string file) =>
        throw new InvalidOperationException($"The save called {call} on {file}, which the power-cut replay does not model.");

    /// <summary>The path strace -y prints after a descriptor: 5&lt;\x2f...&gt; or AT_FDCWD&lt;\x2f...&gt;.</summary>
    private static string Descriptor(string arg)
    {
        int open = arg.IndexOf('<', StringComparison.Ordinal);
        return Encoding.UTF8.GetString(Hex(arg[(open + 1)..arg.IndexOf('>', open)]));
    }

    private static string Text(string arg) => Encoding.UTF8.GetString(Bytes(arg));

    /// <summary>A quoted string as strace -xx prints it, "\x2f\x74..."; a trailing ... would mean it was cut short.</summary>
    private static byte[] Bytes(string arg) => Hex(arg.EndsWith('"') ? arg[1..^1] : throw new InvalidOperationException($"Not a whole string: {arg[..Math.Min(arg.Length, 40)]}"));

    private static byte[] Hex(string escaped) => Convert.FromHexString(escaped.Replace("\\x", "", StringComparison.Ordinal));

    [GeneratedRegex(@"^(?<name>\w+)\((?<args>.*)\) += (?<result>-?\d+|\?)")]
    private static partial Regex CallPattern();
}

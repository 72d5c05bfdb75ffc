using System.Diagnostics;
using System.Globalization;
using Benchmarks.Infrastructure;
using Benchmarks.Peer;
using Engine.Core.Model;
using Engine.Serialization;

namespace Benchmarks.Harness;

/// <summary>
/// Times whole processes: the native and the JIT game each loading a Medium save in every format
/// and compression (<c>load FILE --quiet</c>), beside an empty native and an empty JIT program,
/// the floor, and beside the peers, each a native program of its own that decodes the same game
/// from a bare payload file (<c>nerdbank-load FILE</c>, <c>json-load FILE</c>). Every round launches every case once in a fresh random order, so drift of a noisy
/// machine hits all cases alike. One untimed round first brings programs and files into the page
/// cache: "cold" here is a fresh process, as in the seed, not a cold disk.
/// </summary>
internal static class ColdStartHarness
{
    private static readonly string[] Formats = ["messagepack", "xml", "protobuf"];

    public static int Run(string[] args)
    {
        var options = HarnessOptions.Parse(args);
        Directory.CreateDirectory(options.Work);
        var cases = new List<HarnessCase>
        {
            new(HarnessCase.Native, "empty program", options.EmptyNative, [], 0),
            new(HarnessCase.Jit, "empty program", options.EmptyJit, [], 0),
        };
        foreach (string format in Formats)
        {
            foreach (bool lz4 in new[] { false, true })
            {
                string save = WriteSave(options, format, lz4);
                long bytes = new FileInfo(save).Length;
                string name = Name(format) + (lz4 ? " + LZ4" : "");
                cases.Add(new(HarnessCase.Native, name, options.NativeGame, ["load", save, "--quiet"], bytes));
                cases.Add(new(HarnessCase.Jit, name, options.JitGame, ["load", save, "--quiet"], bytes));
            }
        }

        cases.AddRange(PeerCases(options));

        var random = new Random(options.Seed);
        Console.WriteLine($"cold start: {cases.Count} cases x {options.Runs} runs, interleaved (one untimed round first)");
        for (int round = 0; round <= options.Runs; round++)
        {
            var order = cases.ToArray();
            random.Shuffle(order);
            foreach (var harnessCase in order)
            {
                Launch(harnessCase, record: round > 0);
            }

            if (round > 0 && (round % 5 == 0 || round == options.Runs))
            {
                Console.WriteLine($"  round {round}/{options.Runs}");
            }
        }

        var report = new ColdStartReport(cases, options.Runs);
        Directory.CreateDirectory(options.Results);
        File.WriteAllText(Path.Combine(options.Results, "coldstart.md"), report.Markdown("coldstart.svg"));
        File.WriteAllText(Path.Combine(options.Results, "coldstart.csv"), report.Csv());
        File.WriteAllText(Path.Combine(options.Results, "coldstart.svg"), ColdStartChart.Svg(report));
        Console.WriteLine(report.Markdown("coldstart.svg"));
        if (options.Readme)
        {
            string folder = Path.GetRelativePath(Results.RepositoryRoot(), options.Results).Replace('\\', '/');
            Results.RewriteReadmeBlock(Path.Combine(Results.RepositoryRoot(), "README.md"), "coldstart", report.Markdown($"{folder}/coldstart.svg"));
        }

        Console.WriteLine($"cold start results in {options.Results}");
        return 0;
    }

    private static string Name(string format) => format switch
    {
        "messagepack" => "MessagePack",
        "xml" => "XML",
        _ => "protobuf",
    };

    /// <summary>The native game writes the saves, so the harness needs nothing but the programs it times.</summary>
    private static string WriteSave(HarnessOptions options, string format, bool lz4)
    {
        string path = SavePath(options, format, lz4);
        List<string> arguments = ["new", "--size", "medium", "--out", path, "--format", format];
        if (lz4)
        {
            arguments.Add("--lz4");
        }

        var result = Execute(options.NativeGame, arguments);
        if (result.ExitCode != 0)
        {
            throw new InvalidOperationException($"{options.NativeGame} {string.Join(' ', arguments)} failed: {result.Error}");
        }

        return path;
    }

    /// <summary>
    /// The peers' payloads of the very game in the native MessagePack save, each checked first
    /// (Nerdbank's bytes are the engine's, and both round trips carry the whole game).
    /// </summary>
    private static IEnumerable<HarnessCase> PeerCases(HarnessOptions options)
    {
        var content = SaveSerializer.LoadFromFile<GameContent>(SavePath(options, "messagepack", lz4: false));
        foreach (var (name, program, file, payload) in new[]
        {
            ("Nerdbank.MessagePack", options.NerdbankLoad, "medium-nerdbank.msgpack", PeerChecks.Nerdbank(content)),
            ("System.Text.Json", options.JsonLoad, "medium-stj.json", PeerChecks.Json(content)),
        })
        {
            string path = Path.Combine(options.Work, file);
            File.WriteAllBytes(path, payload);
            yield return new(HarnessCase.Native, name, program, [path], payload.LongLength);
        }
    }

    private static string SavePath(HarnessOptions options, string format, bool lz4) => Path.Combine(options.Work, $"medium-{format}{(lz4 ? "-lz4" : "")}.sav");

    private static void Launch(HarnessCase harnessCase, bool record)
    {
        long start = Stopwatch.GetTimestamp();
        var result = Execute(harnessCase.Program, harnessCase.Arguments);
        double wall = Stopwatch.GetElapsedTime(start).TotalMilliseconds;
        if (result.ExitCode != 0)
        {
            throw new InvalidOperationException($"{harnessCase.Label} exited with {result.ExitCode}: {result.Error.Trim()}");
        }

        if (!record)
        {
            return;
        }

        harnessCase.WallMilliseconds.Add(wall);
        if (!harnessCase.IsFloor)
        {
            // `load --quiet` and the peers' programs print one line: "load-ms=12.345".
            string line = result.Output.Trim();
            harnessCase.LoadMilliseconds.Add(line.StartsWith("load-ms=", StringComparison.Ordinal)
                ? double.Parse(line["load-ms=".Length..], CultureInfo.InvariantCulture)
                : throw new InvalidOperationException($"{harnessCase.Label} printed '{line}', not 'load-ms=...'."));
        }
    }

    private static (int ExitCode, string Output, string Error) Execute(string program, IEnumerable<string> arguments)
    {
        var start = new ProcessStartInfo(program, arguments)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        using var process = Process.Start(start) ?? throw new InvalidOperationException($"{program} did not start.");
        var error = process.StandardError.ReadToEndAsync();
        string output = process.StandardOutput.ReadToEnd();
        process.WaitForExit();
        return (process.ExitCode, output, error.Result);
    }
}

using System.Diagnostics;
using System.Globalization;
using Benchmarks.Infrastructure;

namespace Benchmarks.Harness;

/// <summary>
/// Times whole processes: the native and the JIT game each loading a Medium save in every format
/// and compression (<c>load FILE --quiet</c>), beside an empty native and an empty JIT program,
/// the floor. Every round launches every case once in a fresh random order, so drift of a noisy
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
        string path = Path.Combine(options.Work, $"medium-{format}{(lz4 ? "-lz4" : "")}.sav");
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
            // `load --quiet` prints one line: "load-ms=12.345".
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

using System.Diagnostics;
using Engine.Testing;

namespace Game.Sample.Tests;

/// <summary>
/// The sample game as a program: its JIT build (from this test's output) or its NativeAOT build, located (and published
/// when missing) the first time a test runs it.
/// </summary>
public sealed record GameProgram(string Name, Func<string> Locate, IReadOnlyList<string> LeadingArguments)
{
    public static readonly GameProgram Jit = new("jit", () => "dotnet", [Path.Combine(AppContext.BaseDirectory, "game-sample.dll")]);

    /// <summary>build/test.sh publishes it before the tests run and names it in GAME_SAMPLE_NATIVE; without it, the first test to run it publishes it.</summary>
    public static readonly GameProgram Native = new("native", () => NativePrograms.Path("GAME_SAMPLE_NATIVE"), []);

    /// <summary>The native build without XML and protobuf (-p:SaveFormatXml=false -p:SaveFormatProtobuf=false), named in GAME_SAMPLE_MSGPACK_NATIVE.</summary>
    public static readonly GameProgram NativeMessagePackOnly = new("native, MessagePack only", () => NativePrograms.Path("GAME_SAMPLE_MSGPACK_NATIVE"), []);

    /// <summary>The program to start: "dotnet" for the JIT build, the native binary's path otherwise.</summary>
    public string FileName => Locate();

    public static TheoryData<string> Both() => new(Jit.Name, Native.Name);

    /// <summary>
    /// This program run by <paramref name="wrapper"/>, a command that runs the one after its own arguments (setpriv,
    /// unshare: <see cref="Engine.Testing.FolderCondition.Wrapper"/>), from a copy any user can start; itself when the wrapper is empty.
    /// </summary>
    public GameProgram Under(IReadOnlyList<string> wrapper)
    {
        return wrapper.Count == 0
            ? this
            : new($"{Name} under {wrapper[0]}", () => wrapper[0], [.. wrapper.Skip(1), Engine.Testing.FolderCondition.ReachableCopy(FileName), .. LeadingArguments]);
    }

    public static GameProgram Named(string name) => name == Jit.Name ? Jit : Native;

    /// <summary>Runs the program with <paramref name="input"/> as its standard input; fails the test if it runs over a minute.</summary>
    public GameRun Run(IEnumerable<string> arguments, string input = "") => Run(arguments, input, measureMemory: false);

    /// <summary>
    /// <see cref="Run(IEnumerable{string}, string)"/> under GNU time (<c>/usr/bin/time</c>, which build/test.sh installs),
    /// which reports the process's peak resident memory in <see cref="GameRun.PeakMemoryBytes"/>.
    /// </summary>
    public GameRun RunMeasuringMemory(IEnumerable<string> arguments, string input = "") => Run(arguments, input, measureMemory: true);

    private GameRun Run(IEnumerable<string> arguments, string input, bool measureMemory)
    {
        string? report = measureMemory ? Path.GetTempFileName() : null;
        var start = new ProcessStartInfo(report is null ? FileName : "/usr/bin/time")
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
        };
        if (report is not null)
        {
            // %M: the maximum resident set size in KiB; written to a file so the game's own stderr stays its own.
            foreach (string argument in new[] { "-f", "%M", "-o", report, FileName })
            {
                start.ArgumentList.Add(argument);
            }
        }

        foreach (string argument in LeadingArguments.Concat(arguments))
        {
            start.ArgumentList.Add(argument);
        }

        using var process = Process.Start(start)!;
        var stdout = process.StandardOutput.ReadToEndAsync();
        var stderr = process.StandardError.ReadToEndAsync();
        process.StandardInput.Write(input);
        process.StandardInput.Close();
        if (!process.WaitForExit(TimeSpan.FromMinutes(1)))
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"{Name} game-sample {string.Join(' ', arguments)} ran over a minute.");
        }

        return new GameRun(process.ExitCode, stdout.Result, stderr.Result, report is null ? null : PeakMemory(report));
    }

    private static long PeakMemory(string report)
    {
        try
        {
            // GNU time writes "Command exited with non-zero status N" before the figure when the program fails.
            string last = File.ReadAllLines(report).Last(line => line.Length > 0);
            return long.Parse(last, System.Globalization.CultureInfo.InvariantCulture) * 1024;
        }
        finally
        {
            File.Delete(report);
        }
    }
}

/// <summary>How a run ended; <see cref="PeakMemoryBytes"/> is the peak resident memory when the run measured it.</summary>
public sealed record GameRun(int ExitCode, string Output, string Error, long? PeakMemoryBytes = null);

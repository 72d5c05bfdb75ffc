using System.Diagnostics;

namespace Game.Sample.Tests;

/// <summary>The sample game as a program: its JIT build (from this test's output) or its NativeAOT build.</summary>
public sealed record GameProgram(string Name, string FileName, IReadOnlyList<string> LeadingArguments)
{
    public static readonly GameProgram Jit = new("jit", "dotnet", [Path.Combine(AppContext.BaseDirectory, "game-sample.dll")]);

    /// <summary>build/test.sh publishes it before the tests run and names it in GAME_SAMPLE_NATIVE.</summary>
    public static readonly GameProgram Native = new(
        "native",
        Environment.GetEnvironmentVariable("GAME_SAMPLE_NATIVE") is { Length: > 0 } path ? path : Path.Combine(Engine.Testing.Repository.Root, "artifacts", "native", "game-sample"),
        []);

    /// <summary>The native build without XML and protobuf (-p:SaveFormatXml=false -p:SaveFormatProtobuf=false), named in GAME_SAMPLE_MSGPACK_NATIVE.</summary>
    public static readonly GameProgram NativeMessagePackOnly = new(
        "native, MessagePack only",
        Environment.GetEnvironmentVariable("GAME_SAMPLE_MSGPACK_NATIVE") is { Length: > 0 } path ? path
            : Path.Combine(Engine.Testing.Repository.Root, "artifacts", "game-sample-msgpack", "game-sample"),
        []);

    public static TheoryData<string> Both() => new(Jit.Name, Native.Name);

    public static GameProgram Named(string name) => name == Jit.Name ? Jit : Native;

    /// <summary>Runs the program with <paramref name="input"/> as its standard input; fails the test if it runs over a minute.</summary>
    public GameRun Run(IEnumerable<string> arguments, string input = "")
    {
        if (this != Jit && !File.Exists(FileName))
        {
            throw new InvalidOperationException($"The {Name} game is not at {FileName}: publish it first as build/test.sh does.");
        }

        var start = new ProcessStartInfo(FileName)
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
        };
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

        return new GameRun(process.ExitCode, stdout.Result, stderr.Result);
    }
}

public sealed record GameRun(int ExitCode, string Output, string Error);

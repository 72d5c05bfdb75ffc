using System.Diagnostics;

namespace Packaging.Tests;

/// <summary>A program run to its end, its output and errors kept together.</summary>
internal static class Command
{
    public static (int ExitCode, string Output) Run(string workingDirectory, IReadOnlyDictionary<string, string>? environment, string program, params string[] arguments)
    {
        var start = new ProcessStartInfo(program)
        {
            WorkingDirectory = workingDirectory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
        };
        foreach (string argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        foreach (var (name, value) in environment ?? new Dictionary<string, string>())
        {
            start.Environment[name] = value;
        }

        using var process = Process.Start(start)!;
        var errors = process.StandardError.ReadToEndAsync();
        string output = process.StandardOutput.ReadToEnd();
        process.WaitForExit();
        return (process.ExitCode, output + errors.Result);
    }

    public static string RunOrFail(string workingDirectory, string program, params string[] arguments)
    {
        var (exitCode, output) = Run(workingDirectory, null, program, arguments);
        Assert.True(exitCode == 0, $"{program} {string.Join(' ', arguments)} exited with {exitCode}:\n{output}");
        return output;
    }
}

using System.Diagnostics;
using System.Text;

namespace SaveTool.Tests;

/// <summary>
/// savetool run in this process (every model the tests registered is known) or as a program: its JIT build, from this
/// test's output, or its NativeAOT build. The programs know only GameContent, as the shipped tool does.
/// </summary>
public sealed record SaveToolProgram(string Name, Func<string> Locate, IReadOnlyList<string> LeadingArguments)
{
    public static readonly SaveToolProgram InProcess = new("in-process", () => "", []);

    public static readonly SaveToolProgram Jit = new("jit", () => "dotnet", [Path.Combine(AppContext.BaseDirectory, "savetool.dll")]);

    /// <summary>build/test.sh publishes it before the tests run and names it in SAVETOOL_NATIVE; without it, the first test to run it publishes it.</summary>
    public static readonly SaveToolProgram Native = new("native", () => Engine.Testing.NativePrograms.Path("SAVETOOL_NATIVE"), []);

    /// <summary>The program to start: "dotnet" for the JIT build, the native binary's path otherwise (published when missing).</summary>
    public string FileName => Locate();

    public static TheoryData<string> Programs() => new(Jit.Name, Native.Name);

    public static SaveToolProgram Named(string name) => name == Jit.Name ? Jit : name == Native.Name ? Native : InProcess;

    public static ToolRun Run(params string[] arguments) => InProcess.Start(arguments);

    /// <summary>
    /// This program run by <paramref name="wrapper"/>, a command that runs the one after its own arguments (setpriv,
    /// unshare: <see cref="Engine.Testing.FolderCondition.Wrapper"/>), from a copy any user can start; itself when the wrapper is empty.
    /// </summary>
    public SaveToolProgram Under(IReadOnlyList<string> wrapper)
    {
        return wrapper.Count == 0
            ? this
            : new($"{Name} under {wrapper[0]}", () => wrapper[0], [.. wrapper.Skip(1), Engine.Testing.FolderCondition.ReachableCopy(FileName), .. LeadingArguments]);
    }

    /// <summary>Runs the command; as a program, fails the test if it runs over a minute.</summary>
    public ToolRun Start(params string[] arguments)
    {
        if (this == InProcess)
        {
            using var output = new MemoryStream();
            var error = new StringWriter();
            int exitCode = Engine.Serialization.Tools.SaveTool.Run(arguments, output, error);
            return new ToolRun(exitCode, Encoding.UTF8.GetString(output.ToArray()), error.ToString());
        }

        using var process = Launch(arguments);
        return WaitFor(process);
    }

    /// <summary>How a <see cref="Launch"/>ed program ended; fails the test if it runs over a minute.</summary>
    public static ToolRun WaitFor(Process process)
    {
        ArgumentNullException.ThrowIfNull(process);
        var stdout = process.StandardOutput.ReadToEndAsync();
        var stderr = process.StandardError.ReadToEndAsync();
        if (!process.WaitForExit(TimeSpan.FromMinutes(1)))
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"savetool {string.Join(' ', process.StartInfo.ArgumentList)} ran over a minute.");
        }

        return new ToolRun(process.ExitCode, stdout.Result, stderr.Result);
    }

    /// <summary>Starts the program with its output redirected, for a test that does something while it runs; the caller waits for it.</summary>
    public Process Launch(params string[] arguments)
    {
        if (this == InProcess)
        {
            throw new InvalidOperationException("A command run in this process can't be launched.");
        }

        var start = new ProcessStartInfo(FileName) { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (string argument in LeadingArguments.Concat(arguments))
        {
            start.ArgumentList.Add(argument);
        }

        return Process.Start(start)!;
    }
}

public sealed record ToolRun(int ExitCode, string Output, string Error)
{
    /// <summary>The one line on stderr a failed command writes: "error: ...", and no stack trace.</summary>
    public string OneErrorLine()
    {
        string[] lines = Error.TrimEnd('\n').Split('\n');
        Assert.True(lines.Length == 1, $"expected one line on stderr, got: {Error}");
        Assert.StartsWith("error: ", lines[0], StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", Error, StringComparison.Ordinal);
        return lines[0];
    }
}

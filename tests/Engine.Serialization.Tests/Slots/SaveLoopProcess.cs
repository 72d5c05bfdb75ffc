using System.Diagnostics;
using System.Globalization;

namespace Engine.Serialization.Tests.Slots;

/// <summary>
/// tests/SaveLoop as a child process (SaveLoop DIR FIRST [COUNT], or SaveLoop load DIR STOP-FILE), the saving and
/// loading process the crash, kill, power-cut and shared-slot tests watch or kill; its output lines are collected as they come.
/// </summary>
internal sealed class SaveLoopProcess : IDisposable
{
    private readonly Process _process;
    private readonly List<string> _lines = [];
    private readonly TaskCompletionSource _firstLine = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly Task _reading;
    private readonly Task<string> _error;

    private SaveLoopProcess(Process process)
    {
        _process = process;
        _error = process.StandardError.ReadToEndAsync();
        _reading = Task.Run(() =>
        {
            while (process.StandardOutput.ReadLine() is { } line)
            {
                lock (_lines)
                {
                    _lines.Add(line);
                }

                _firstLine.TrySetResult();
            }

            _firstLine.TrySetResult();
        });
    }

    public bool HasExited => _process.HasExited;

    /// <summary>What it wrote to stderr, once it has exited.</summary>
    public string Error => _error.Result;

    /// <summary>What it printed so far: a save's number once that save is complete, or "failed: MESSAGE".</summary>
    public IReadOnlyList<string> Lines
    {
        get
        {
            lock (_lines)
            {
                return [.. _lines];
            }
        }
    }

    /// <summary>
    /// The NativeAOT SaveLoop when SAVE_LOOP_NATIVE names it (build/test.sh and build/crash-stress.sh publish it), else
    /// null: the JIT one runs (dotnet SaveLoop.dll).
    /// </summary>
    public static string? Native { get; } = Environment.GetEnvironmentVariable("SAVE_LOOP_NATIVE") is { Length: > 0 } path ? path : null;

    /// <summary>
    /// Starts the loop under JIT, under <paramref name="wrapper"/> if given (a program and its arguments, such as
    /// strace, that runs the command after them), with <paramref name="environment"/> added to this process's variables.
    /// </summary>
    public static SaveLoopProcess Start(
        string folder, int first, int? count = null, IEnumerable<string>? wrapper = null, IReadOnlyDictionary<string, string>? environment = null) =>
        Launch(
            [.. wrapper ?? [], .. UnderJit, folder, first.ToString(CultureInfo.InvariantCulture),
                .. count is int n ? [n.ToString(CultureInfo.InvariantCulture)] : Array.Empty<string>()],
            environment);

    /// <summary>
    /// <c>SaveLoop autosave</c> under JIT and <paramref name="wrapper"/>: one store autosaves <paramref name="count"/>
    /// times, the player's moves counting from <paramref name="first"/>.
    /// </summary>
    public static SaveLoopProcess StartAutosaves(string folder, int first, int count, IEnumerable<string> wrapper) =>
        Launch(
            [.. wrapper, .. UnderJit, "autosave", folder,
                first.ToString(CultureInfo.InvariantCulture), count.ToString(CultureInfo.InvariantCulture)],
            null);

    /// <summary>SaveLoop with <paramref name="arguments"/>: the native one when <see cref="Native"/> names it, else under JIT.</summary>
    public static SaveLoopProcess StartNativeIfPublished(params string[] arguments) =>
        Launch(Native is { } path ? [path, .. arguments] : [.. UnderJit, .. arguments], null);

    /// <summary>
    /// The command that runs the SaveLoop built beside the tests, under JIT: through dotnet, or on Windows its own
    /// program (build/test-windows.sh publishes it beside the tests, self-contained, as Wine has no dotnet).
    /// </summary>
    private static string[] UnderJit =>
        OperatingSystem.IsWindows()
            ? [Path.Combine(AppContext.BaseDirectory, "SaveLoop.exe")]
            : ["dotnet", Path.Combine(AppContext.BaseDirectory, "SaveLoop.dll")];

    /// <summary>
    /// The exit code of a process killed outright (<see cref="Kill"/>, or SaveLoop killing itself): 128 + SIGKILL on
    /// Unix, as .NET and the shell report it; on Windows the -1 that .NET's Process.Kill passes to TerminateProcess.
    /// </summary>
    public static int KilledExitCode { get; } = OperatingSystem.IsWindows() ? -1 : 128 + 9;

    private static SaveLoopProcess Launch(string[] command, IReadOnlyDictionary<string, string>? environment)
    {
        var start = new ProcessStartInfo(command[0]) { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (string argument in command.Skip(1))
        {
            start.ArgumentList.Add(argument);
        }

        foreach (var (name, value) in environment ?? new Dictionary<string, string>())
        {
            start.Environment[name] = value;
        }

        return new SaveLoopProcess(Process.Start(start)!);
    }

    /// <summary>Waits for its first line (or its end); false if none came within <paramref name="timeout"/>.</summary>
    public bool WaitForFirstLine(TimeSpan timeout) => _firstLine.Task.Wait(timeout);

    /// <summary>Kills it (SIGKILL on Unix, TerminateProcess on Windows) and waits until its output is read to the end.</summary>
    public void Kill()
    {
        _process.Kill(entireProcessTree: true);
        _process.WaitForExit();
        _reading.Wait();
    }

    /// <summary>Waits for it to exit by itself and returns its exit code (<see cref="KilledExitCode"/> when killed); fails the test after <paramref name="patience"/>, as a hang.</summary>
    public int WaitForExit(TimeSpan patience)
    {
        if (!_process.WaitForExit(patience))
        {
            Kill();
            Assert.Fail($"The save loop did not finish within {patience.TotalMinutes:N0} minutes: it hangs. {Error}");
        }

        _process.WaitForExit();
        _reading.Wait();
        return _process.ExitCode;
    }

    public void Dispose() => _process.Dispose();
}

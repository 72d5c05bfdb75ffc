namespace Benchmarks.Harness;

/// <summary>One program launch the harness times: a game loading one save, or an empty program (the floor).</summary>
internal sealed record HarnessCase(string Runtime, string Name, string Program, IReadOnlyList<string> Arguments, long FileBytes)
{
    public const string Native = "native";
    public const string Jit = "JIT";

    public bool IsFloor => FileBytes == 0;

    public string Label => $"{Runtime} {Name}";

    public List<double> WallMilliseconds { get; } = [];

    /// <summary>What the game itself reports for the load (file read, checks, decompression, decode).</summary>
    public List<double> LoadMilliseconds { get; } = [];
}

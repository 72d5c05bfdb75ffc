using System.Globalization;

namespace Benchmarks.Harness;

/// <summary>The harness's command line; build/coldstart.sh passes the programs it published.</summary>
internal sealed record HarnessOptions(
    int Runs, string NativeGame, string JitGame, string EmptyNative, string EmptyJit, string NerdbankLoad, string JsonLoad, string Work, string Results, bool Readme, int Seed)
{
    public static HarnessOptions Parse(string[] args)
    {
        var values = new Dictionary<string, string>(StringComparer.Ordinal);
        bool readme = false;
        for (int i = 0; i < args.Length; i++)
        {
            if (args[i] == "--readme")
            {
                readme = true;
            }
            else if (args[i].StartsWith("--", StringComparison.Ordinal) && i + 1 < args.Length)
            {
                values[args[i]] = args[++i];
            }
            else
            {
                throw new ArgumentException($"coldstart: unexpected argument '{args[i]}'");
            }
        }

        string Required(string name) => values.TryGetValue(name, out string? value)
            ? Path.GetFullPath(value)
            : throw new ArgumentException($"coldstart: {name} is required");

        return new HarnessOptions(
            Runs: values.TryGetValue("--runs", out string? runs) ? int.Parse(runs, CultureInfo.InvariantCulture) : 30,
            NativeGame: Required("--native-game"),
            JitGame: Required("--jit-game"),
            EmptyNative: Required("--empty-native"),
            EmptyJit: Required("--empty-jit"),
            NerdbankLoad: Required("--nerdbank-load"),
            JsonLoad: Required("--json-load"),
            Work: values.TryGetValue("--work", out string? work) ? Path.GetFullPath(work) : Path.Combine(Path.GetTempPath(), "engine-coldstart"),
            Results: values.TryGetValue("--results", out string? results) ? Path.GetFullPath(results) : Infrastructure.Results.DefaultFolder,
            Readme: readme,
            Seed: values.TryGetValue("--seed", out string? seed) ? int.Parse(seed, CultureInfo.InvariantCulture) : Environment.TickCount);
    }
}

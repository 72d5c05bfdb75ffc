using System.Text;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using Benchmarks.Suites;

namespace Benchmarks.Infrastructure;

/// <summary>
/// Runs the BenchmarkDotNet suites. Options of its own, before BenchmarkDotNet's:
/// <c>--dry</c> (each benchmark once, in this process: CI's check that none has rotted),
/// <c>--no-native</c> (skip the NativeAOT cold-start job), <c>--results DIR</c> (where the
/// tables and findings go; default Benchmarks/results), <c>--readme</c> (rewrite README.md's
/// benchmarks block from the findings in the results folder). Ends with "benchmarks: N passed, N failed", one per suite.
/// </summary>
internal static class SuiteRunner
{
    /// <summary>The order of the suites' findings in README.md.</summary>
    private static readonly Type[] ReadmeOrder =
    [
        typeof(ColdStartBenchmarks), typeof(GeneratedVsDynamicBenchmarks), typeof(LoadBenchmarks), typeof(SaveBenchmarks),
        typeof(GridScalingBenchmarks), typeof(SnapshotBenchmarks), typeof(AutosaveBenchmarks), typeof(UnknownMembersBenchmarks), typeof(PeerBenchmarks),
    ];

    public static int Run(string[] args)
    {
        var rest = new List<string>(args);
        Jobs.Dry = Take(rest, "--dry");
        Jobs.Native = !Take(rest, "--no-native");
        bool readme = Take(rest, "--readme");
        string results = TakeValue(rest, "--results") ?? Results.DefaultFolder;
        if (!rest.Contains("--filter") && !rest.Contains("-f"))
        {
            rest.AddRange(["--filter", "*"]);
        }

        SampleSaves.WriteColdFiles();
        string artifacts = Path.Combine(Results.RepositoryRoot(), "artifacts", Jobs.Dry ? "bdn-dry" : "bdn");
        var config = DefaultConfig.Instance.WithArtifactsPath(artifacts);
        var summaries = BenchmarkSwitcher.FromAssembly(typeof(SuiteRunner).Assembly).Run([.. rest], config).ToList();

        Directory.CreateDirectory(results);
        int passed = 0;
        int failed = 0;
        foreach (var summary in summaries)
        {
            bool ok = Succeeded(summary);
            passed += ok ? 1 : 0;
            failed += ok ? 0 : 1;
            Console.WriteLine($"benchmark suite {Findings.SuiteOf(summary)?.Name ?? summary.Title}: {(ok ? "ok" : "FAILED")}");
            Publish(summary, results);
        }

        if (readme)
        {
            Results.RewriteReadmeBlock(Path.Combine(Results.RepositoryRoot(), "README.md"), "benchmarks", ReadmeBlock(results));
        }

        Console.WriteLine($"benchmarks: {passed} passed, {failed} failed");
        return failed == 0 && passed > 0 ? 0 : 1;
    }

    private static bool Succeeded(Summary summary) =>
        !summary.HasCriticalValidationErrors && summary.Reports.Length > 0 && summary.Reports.All(r => r.Success && r.ExecuteResults.All(e => e.IsSuccess));

    /// <summary>Copies the suite's GitHub-flavoured table and CSV into the results folder, with its findings beside them.</summary>
    private static void Publish(Summary summary, string results)
    {
        if (Findings.SuiteOf(summary) is not { } suite)
        {
            return;
        }

        foreach (string file in Directory.EnumerateFiles(summary.ResultsDirectoryPath, $"*{suite.Name}-report*"))
        {
            string name = Path.GetFileName(file);
            if (name.EndsWith("-report-github.md", StringComparison.Ordinal) || name.EndsWith("-report.csv", StringComparison.Ordinal))
            {
                File.Copy(file, Path.Combine(results, name[name.IndexOf(suite.Name, StringComparison.Ordinal)..]), overwrite: true);
            }
        }

        if (Findings.Of(summary) is { } findings)
        {
            File.WriteAllText(Path.Combine(results, $"{suite.Name}-findings.md"), $"{findings.TrimEnd()}\n\nMeasured {Results.Today} on {Results.Machine()}.\n");
        }
    }

    /// <summary>Every suite's findings found in the results folder, in a fixed order, each with a link to its full table.</summary>
    private static string ReadmeBlock(string results)
    {
        var block = new StringBuilder();
        foreach (var suite in ReadmeOrder)
        {
            string findings = Path.Combine(results, $"{suite.Name}-findings.md");
            if (File.Exists(findings))
            {
                string table = Path.GetRelativePath(Results.RepositoryRoot(), Path.Combine(results, $"{suite.Name}-report-github.md")).Replace('\\', '/');
                block.AppendLine(File.ReadAllText(findings).TrimEnd())
                    .AppendLine($"Full table: [{table}]({table}).")
                    .AppendLine();
            }
        }

        return block.ToString();
    }

    private static bool Take(List<string> args, string flag) => args.Remove(flag);

    private static string? TakeValue(List<string> args, string option)
    {
        int at = args.IndexOf(option);
        if (at < 0 || at + 1 >= args.Count)
        {
            return null;
        }

        string value = args[at + 1];
        args.RemoveRange(at, 2);
        return Path.GetFullPath(value);
    }
}

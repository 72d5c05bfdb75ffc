using System.Globalization;
using System.Runtime.InteropServices;
using System.Text;

namespace Benchmarks.Infrastructure;

/// <summary>Where results go, the machine they were measured on, and the marked blocks of README.md they rewrite.</summary>
internal static class Results
{
    /// <summary>The repository's root: the first folder above the working directory (or this program) that holds Engine.sln.</summary>
    public static string RepositoryRoot()
    {
        foreach (string start in new[] { Environment.CurrentDirectory, AppContext.BaseDirectory })
        {
            for (var folder = new DirectoryInfo(start); folder is not null; folder = folder.Parent)
            {
                if (File.Exists(Path.Combine(folder.FullName, "Engine.sln")))
                {
                    return folder.FullName;
                }
            }
        }

        throw new InvalidOperationException("No Engine.sln above the working directory: run from inside the repository.");
    }

    /// <summary>The committed results folder: Benchmarks/results.</summary>
    public static string DefaultFolder => Path.Combine(RepositoryRoot(), "Benchmarks", "results");

    /// <summary>One line naming the machine: cores, CPU model, .NET, OS.</summary>
    public static string Machine()
    {
        string cpu = File.Exists("/proc/cpuinfo")
            ? File.ReadLines("/proc/cpuinfo").FirstOrDefault(l => l.StartsWith("model name", StringComparison.Ordinal))?.Split(':', 2)[1].Trim() ?? "unknown CPU"
            : RuntimeInformation.ProcessArchitecture.ToString();
        return $"{Environment.ProcessorCount} cores (nproc), {cpu}, .NET {Environment.Version}, {RuntimeInformation.OSDescription}";
    }

    public static string Today => DateTime.UtcNow.ToString("yyyy-MM-dd HH:mm 'UTC'", CultureInfo.InvariantCulture);

    /// <summary>
    /// Replaces the text between <c>&lt;!-- NAME:begin --&gt;</c> and <c>&lt;!-- NAME:end --&gt;</c> in
    /// README.md, so a run can republish its figures in place.
    /// </summary>
    public static void RewriteReadmeBlock(string readmePath, string name, string content)
    {
        string text = File.ReadAllText(readmePath);
        string begin = $"<!-- {name}:begin -->";
        string end = $"<!-- {name}:end -->";
        int from = text.IndexOf(begin, StringComparison.Ordinal);
        int to = text.IndexOf(end, StringComparison.Ordinal);
        if (from < 0 || to < from)
        {
            throw new InvalidOperationException($"{readmePath} has no '{begin}' ... '{end}' block to rewrite.");
        }

        var result = new StringBuilder(text.Length + content.Length)
            .Append(text, 0, from + begin.Length)
            .Append('\n')
            .Append(content.TrimEnd())
            .Append('\n')
            .Append(text, to, text.Length - to);
        File.WriteAllText(readmePath, result.ToString());
    }

    /// <summary>A duration in the unit that reads best.</summary>
    public static string Time(double nanoseconds)
    {
        var (scale, unit, format) = UnitOf(nanoseconds);
        return $"{(nanoseconds / scale).ToString(format, CultureInfo.InvariantCulture)} {unit}";
    }

    /// <summary>A duration and a range around it, all in the unit that reads best for the duration: "12.34 ms (12.10-12.80)".</summary>
    public static string Time(double nanoseconds, double low, double high)
    {
        var (scale, _, format) = UnitOf(nanoseconds);
        string N(double value) => (value / scale).ToString(format, CultureInfo.InvariantCulture);
        return $"{Time(nanoseconds)} ({N(low)}-{N(high)})";
    }

    public static string Verdict(bool met) => met ? "**met**" : "**missed**";

    private static (double Scale, string Unit, string Format) UnitOf(double nanoseconds) => nanoseconds switch
    {
        >= 1e9 => (1e9, "s", "F2"),
        >= 1e6 => (1e6, "ms", "F2"),
        >= 1e3 => (1e3, "us", "F1"),
        _ => (1, "ns", "F0"),
    };
}

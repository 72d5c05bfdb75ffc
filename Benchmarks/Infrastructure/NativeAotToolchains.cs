using System.Diagnostics;
using BenchmarkDotNet.Toolchains;
using BenchmarkDotNet.Toolchains.NativeAot;

namespace Benchmarks.Infrastructure;

/// <summary>
/// BenchmarkDotNet's NativeAOT toolchain restoring from this machine's own package sources.
/// Its ready-made <c>NativeAotToolchain.Net10_0</c> writes a NuGet.config naming a .NET
/// development feed, which a machine with only a registry copy can't reach.
/// </summary>
internal static class NativeAotToolchains
{
    public static IToolchain FromMachineSources()
    {
        var sources = EnabledPackageSources();
        if (sources.Count == 0)
        {
            throw new InvalidOperationException("'dotnet nuget list source' shows no enabled package source for the NativeAOT toolchain to restore from.");
        }

        // An empty ILCompiler version lets PublishAot bring the SDK's own ILCompiler, as a normal native publish does.
        var builder = NativeAotToolchain.CreateBuilder()
            .UseNuGet("", sources[0])
            .TargetFrameworkMoniker("net10.0")
            .DisplayName("NativeAOT");
        for (int i = 1; i < sources.Count; i++)
        {
            builder.AdditionalNuGetFeed($"source{i}", sources[i]);
        }

        return builder.ToToolchain();
    }

    /// <summary>The enabled sources of the machine's NuGet configuration, as the SDK itself reads it.</summary>
    private static List<string> EnabledPackageSources()
    {
        var start = new ProcessStartInfo("dotnet", ["nuget", "list", "source", "--format", "short"])
        {
            RedirectStandardOutput = true,
            WorkingDirectory = AppContext.BaseDirectory,
        };
        using var process = Process.Start(start) ?? throw new InvalidOperationException("'dotnet nuget list source' did not start.");
        string output = process.StandardOutput.ReadToEnd();
        process.WaitForExit();

        // One line per source: "E https://..." when enabled, "D ..." when disabled.
        return output.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
            .Where(line => line.StartsWith("E ", StringComparison.Ordinal))
            .Select(line => line[2..].Trim())
            .ToList();
    }
}

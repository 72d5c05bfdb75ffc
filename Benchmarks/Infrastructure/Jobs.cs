using BenchmarkDotNet.Engines;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Toolchains.InProcess.Emit;

namespace Benchmarks.Infrastructure;

/// <summary>
/// The jobs the suites run. A full run measures; a dry run (<c>--dry</c>, what CI does) runs every
/// benchmark once, in this process, only to prove that it still runs.
/// </summary>
internal static class Jobs
{
    /// <summary>Set once by <see cref="SuiteRunner"/> before any suite's config is built.</summary>
    public static bool Dry { get; set; }

    /// <summary>Whether the cold-start suite also runs under NativeAOT (<c>--no-native</c> turns it off).</summary>
    public static bool Native { get; set; } = true;

    public const string ColdNativeAotId = "ColdNativeAot";

    /// <summary>Launches per cold-start case in a full run.</summary>
    public const int ColdLaunches = 20;

    private static Job DryJob => Job.Dry.WithToolchain(InProcessEmitToolchain.Instance).WithId("Dry");

    /// <summary>Warm steady state: one launch, a short warm-up, ten measured iterations.</summary>
    public static Job Warm => Dry ? DryJob : Job.Default.WithLaunchCount(1).WithWarmupCount(3).WithIterationCount(10).WithId("Warm");

    /// <summary>
    /// One call per iteration, each timed alone, and enough of them for a 99th percentile: what one save at play costs.
    /// The warm-up is long enough for the JIT's tier-1 code of what runs once per call (30 calls, then 100 ms): after
    /// 5 calls, an autosave's own code and the checksum's ran unoptimized for most of the measured calls (medians of
    /// 2.3 ms over calls 6 to 105 against 1.3 ms over calls 200 to 300, in one process), which neither a game at play
    /// nor a native build sees.
    /// </summary>
    public static Job PerCall => Dry
        ? DryJob
        : Job.Default.WithStrategy(RunStrategy.Monitoring).WithLaunchCount(1).WithWarmupCount(PerCallWarmups).WithIterationCount(100)
            .WithInvocationCount(1).WithUnrollFactor(1).WithId("PerCall");

    /// <summary>Calls before <see cref="PerCall"/> measures.</summary>
    public const int PerCallWarmups = 60;

    /// <summary>Operations of seconds each (the largest grid through XML): few iterations, one call each.</summary>
    public static Job Long => Dry
        ? DryJob
        : Job.Default.WithLaunchCount(1).WithWarmupCount(1).WithIterationCount(5).WithId("Long");

    /// <summary>The first call in a fresh process, <see cref="ColdLaunches"/> processes, under JIT.</summary>
    public static Job ColdJit => Dry
        ? DryJob
        : Job.Default.WithStrategy(RunStrategy.ColdStart).WithLaunchCount(ColdLaunches).WithIterationCount(1).WithId("ColdJit");

    /// <summary>The same first call in a NativeAOT-compiled benchmark process; null in a dry run or when turned off.</summary>
    public static Job? ColdNative => Dry || !Native
        ? null
        : ColdJit.WithToolchain(NativeAotToolchains.FromMachineSources()).WithId(ColdNativeAotId);
}

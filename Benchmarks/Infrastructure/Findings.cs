using System.Text;
using BenchmarkDotNet.Mathematics;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using Benchmarks.Suites;
using Engine.Core.Generation;
using Engine.Serialization.Compression;

namespace Benchmarks.Infrastructure;

/// <summary>
/// The figures a suite exists to give (ratios, flatness, the cheaper snapshot), read off its
/// summary as a short markdown section, with the issue's targets judged where one applies.
/// </summary>
internal static class Findings
{
    /// <summary>Time per byte may grow at most this much from the smallest to the largest input.</summary>
    public const double FlatnessTarget = 1.3;

    /// <summary>MessagePack's grid save and load throughput, at least this share of a plain copy's at the <see cref="GridTargetSides"/>.</summary>
    public const double GridThroughputTarget = 0.7;

    private static readonly int[] GridTargetSides = [2000, 5000];

    public static string? Of(Summary summary) => SuiteOf(summary)?.Name switch
    {
        nameof(SaveBenchmarks) => SaveLoad(summary, "Save"),
        nameof(LoadBenchmarks) => SaveLoad(summary, "Load"),
        nameof(GridScalingBenchmarks) => GridScaling(summary),
        nameof(GeneratedVsDynamicBenchmarks) => GeneratedVsDynamic(summary),
        nameof(SnapshotBenchmarks) => Snapshot(summary),
        nameof(ColdStartBenchmarks) => ColdStart(summary),
        nameof(PeerBenchmarks) => Peer(summary),
        nameof(UnknownMembersBenchmarks) => UnknownMembers(summary),
        nameof(AutosaveBenchmarks) => Autosave(summary),
        _ => null,
    };

    public static Type? SuiteOf(Summary summary) => summary.BenchmarksCases.FirstOrDefault()?.Descriptor.Type;

    private static string SaveLoad(Summary summary, string operation)
    {
        var text = new StringBuilder()
            .AppendLine($"**{operation}, time per byte of content** (warm mean / bytes of the format's uncompressed save, also for LZ4; target: Large within {FlatnessTarget}x of Small)")
            .AppendLine()
            .AppendLine("| format | compression | Small ns/B | Medium ns/B | Large ns/B | Large / Small | flat |")
            .AppendLine("|---|---|---:|---:|---:|---:|---|");
        foreach (string method in Methods(summary))
        {
            foreach (var compression in Enum.GetValues<SaveCompression>())
            {
                double? PerByte(ContentSize size) => Find(summary, c => Method(c) == method && Is(c, "Size", size) && Is(c, "Compression", compression)) is { } c
                    ? Mean(summary, c) / SaveLoadConfig.ContentBytes(c)
                    : null;
                var (small, medium, large) = (PerByte(ContentSize.Small), PerByte(ContentSize.Medium), PerByte(ContentSize.Large));
                double? growth = large / small;
                text.AppendLine($"| {method} | {compression} | {F(small, "F3")} | {F(medium, "F3")} | {F(large, "F3")} | {F(growth, "F2")}x | {Flat(growth)} |");
            }
        }

        return text.ToString();
    }

    private static string GridScaling(Summary summary)
    {
        var sides = summary.BenchmarksCases.Select(c => (int)c.Parameters["Side"]).Distinct().Order().ToList();
        var text = new StringBuilder()
            .AppendLine($"**Height grid alone, per format** (bare format, warm; MB/s of raw float bytes; target: time per cell at {sides[^1]}x{sides[^1]} within {FlatnessTarget}x of {sides[0]}x{sides[0]})")
            .AppendLine()
            .Append("| case |").AppendJoin("", sides.Select(s => $" {s}x{s} ns/cell | {s}x{s} MB/s |")).AppendLine(" largest / smallest | flat |")
            .Append("|---|").AppendJoin("", sides.Select(_ => "---:|---:|")).AppendLine("---:|---|");
        foreach (string method in Methods(summary))
        {
            var perCell = sides.Select(side => Find(summary, c => Method(c) == method && Is(c, "Side", side)) is { } c
                ? Mean(summary, c) / ((double)side * side)
                : null).ToList();
            double? growth = perCell[^1] / perCell[0];
            text.Append($"| {method} |")
                .AppendJoin("", perCell.Select(ns => $" {F(ns, "F2")} | {F(4e3 / ns, "N0")} |"))
                .AppendLine($" {F(growth, "F2")}x | {(method == "MemoryCopy" ? "(limit)" : Flat(growth))} |");
        }

        string targetSides = string.Join(" and ", GridTargetSides.Select(s => $"{s}x{s}"));
        text.AppendLine()
            .AppendLine($"MessagePack's throughput / a plain copy's (ratio of medians; from the quartiles in brackets; target: >= {GridThroughputTarget}x at {targetSides}):")
            .AppendLine()
            .Append("| case |").AppendJoin("", sides.Select(s => $" {s}x{s} |")).AppendLine(" target |")
            .Append("|---|").AppendJoin("", sides.Select(_ => "---:|")).AppendLine("---|");
        foreach (string method in new[] { nameof(GridScalingBenchmarks.MessagePackSave), nameof(GridScalingBenchmarks.MessagePackLoad) })
        {
            // Both move the same raw float bytes, so the throughput ratio is the copy's time over the format's.
            Ratio? Throughput(int side) => RatioOf(
                StatsOf(summary, c => Method(c) == nameof(GridScalingBenchmarks.MemoryCopy) && Is(c, "Side", side)),
                StatsOf(summary, c => Method(c) == method && Is(c, "Side", side)));
            var atTargets = GridTargetSides.Select(side => sides.Contains(side) ? Throughput(side)?.Median : null).ToList();
            string verdict = atTargets.All(r => r is not null) ? Results.Verdict(atTargets.All(r => r >= GridThroughputTarget)) : "n/a";
            text.Append($"| {method} |").AppendJoin("", sides.Select(side => $" {Show(Throughput(side), X2)} |")).AppendLine($" {verdict} |");
        }

        return text.ToString();
    }

    private static string GeneratedVsDynamic(Summary summary)
    {
        var text = new StringBuilder()
            .AppendLine("**MessagePack, generated formatters vs the dynamic (contractless, Reflection.Emit) resolver**, Medium content")
            .AppendLine()
            .AppendLine("| job | operation | generated | dynamic | dynamic / generated |")
            .AppendLine("|---|---|---:|---:|---:|");
        foreach (string job in summary.BenchmarksCases.Select(c => c.Job.Id).Distinct())
        {
            foreach (string operation in new[] { "Serialize", "Deserialize" })
            {
                double? generated = MeanOf(summary, c => c.Job.Id == job && Method(c) == operation + "Generated");
                double? dynamic = MeanOf(summary, c => c.Job.Id == job && Method(c) == operation + "Dynamic");
                text.AppendLine($"| {job} | {operation} | {T(generated)} | {T(dynamic)} | {F(dynamic / generated, "F1")}x |");
            }
        }

        return text.ToString();
    }

    private static string Snapshot(Summary summary)
    {
        var text = new StringBuilder()
            .AppendLine("**Snapshot for SaveAsync on the game's thread: encode the MessagePack payload vs deep copy (PreparedSave<T>.Prepare)**")
            .AppendLine()
            .AppendLine("| size | encode | encode allocated | deep copy | deep copy allocated | cheaper |")
            .AppendLine("|---|---:|---:|---:|---:|---|");
        foreach (var size in summary.BenchmarksCases.Select(c => (ContentSize)c.Parameters["Size"]).Distinct().Order())
        {
            var encode = Find(summary, c => Method(c) == nameof(SnapshotBenchmarks.Encode) && Is(c, "Size", size));
            var copy = Find(summary, c => Method(c) == nameof(SnapshotBenchmarks.DeepCopy) && Is(c, "Size", size));
            double? encodeNs = encode is null ? null : Mean(summary, encode);
            double? copyNs = copy is null ? null : Mean(summary, copy);
            string cheaper = encodeNs is null || copyNs is null ? "n/a"
                : encodeNs <= copyNs ? $"encode, {copyNs / encodeNs:F1}x" : $"deep copy, {encodeNs / copyNs:F1}x";
            text.AppendLine($"| {size} | {T(encodeNs)} | {Bytes(summary, encode)} | {T(copyNs)} | {Bytes(summary, copy)} | {cheaper} |");
        }

        return text.ToString();
    }

    private static string ColdStart(Summary summary)
    {
        var text = new StringBuilder()
            .AppendLine("**BenchmarkDotNet ColdStart: first load of a Medium save file in a fresh process** (median of the launches, first and third quartiles in brackets; the runtime is already up)")
            .AppendLine()
            .AppendLine("| job | compression | MessagePack | XML | protobuf | XML / MessagePack | protobuf / MessagePack |")
            .AppendLine("|---|---|---:|---:|---:|---:|---:|");
        foreach (string job in summary.BenchmarksCases.Select(c => c.Job.Id).Distinct())
        {
            foreach (var compression in Enum.GetValues<SaveCompression>())
            {
                Statistics? Of(string method) => StatsOf(summary, c => c.Job.Id == job && Method(c) == method && Is(c, "Compression", compression));
                var (messagePack, xml, protobuf) = (Of("MessagePack"), Of("Xml"), Of("Protobuf"));
                text.AppendLine($"| {job} | {compression} | {MedianAndQuartiles(messagePack)} | {MedianAndQuartiles(xml)} | {MedianAndQuartiles(protobuf)} | "
                    + $"{F(RatioOf(xml, messagePack)?.Median, "F1")}x | {F(RatioOf(protobuf, messagePack)?.Median, "F1")}x |");
            }
        }

        Statistics? Native(SaveCompression compression) =>
            StatsOf(summary, c => c.Job.Id == Jobs.ColdNativeAotId && Method(c) == nameof(ColdStartBenchmarks.MessagePack) && Is(c, "Compression", compression));
        Statistics? Seed(string method) => StatsOf(summary, c => Method(c) == method);
        var native = Native(SaveCompression.None);
        text.AppendLine()
            .AppendLine("The seed's targets, from the medians (its baselines, JIT, read the engine's bare payloads of the same game; protobuf-net's runtime model is configured from the model's types by reflection):")
            .AppendLine()
            .AppendLine(Target("JIT XmlSerializer vs native MessagePack", Seed(nameof(ColdStartBenchmarks.XmlSerializerBaseline)), native, X1, ">= 40x", r => r >= 40))
            .AppendLine(Target("JIT protobuf-net runtime model vs native MessagePack", Seed(nameof(ColdStartBenchmarks.ProtobufNetRuntimeModelBaseline)), native, X1, ">= 25x", r => r >= 25))
            .AppendLine(Target("LZ4 over None, native MessagePack", Native(SaveCompression.Lz4), native, Percent, "<= +5%", r => r <= 1.05));
        if (native is null)
        {
            text.AppendLine().AppendLine("No ColdNativeAot job ran (a dry run, or --no-native), so the targets are not judged.");
        }

        return text.ToString();
    }

    private static string Peer(Summary summary)
    {
        var text = new StringBuilder()
            .AppendLine("**Peer: the engine's MessagePack vs MemoryPack (version-tolerant), Nerdbank.MessagePack (the same bytes) and System.Text.Json (source-generated)**, bare payloads, warm mean (allocated; MessagePack's time / the peer's: below 1.00x the engine is ahead)")
            .AppendLine()
            .AppendLine("| size | operation | MessagePack | MemoryPack | Nerdbank.MessagePack | System.Text.Json |")
            .AppendLine("|---|---|---:|---:|---:|---:|");
        foreach (var size in summary.BenchmarksCases.Select(c => (ContentSize)c.Parameters["Size"]).Distinct().Order())
        {
            foreach (string operation in new[] { "Serialize", "Deserialize" })
            {
                BenchmarkCase? Case(string peer) => Find(summary, c => Method(c) == operation + peer && Is(c, "Size", size));
                if (Case("MessagePack") is not { } ours)
                {
                    continue; // a run filtered to the other operation
                }

                double? messagePack = Mean(summary, ours);
                string Cell(string peer)
                {
                    var benchmarkCase = Case(peer);
                    double? mean = benchmarkCase is null ? null : Mean(summary, benchmarkCase);
                    string ratio = peer == "MessagePack" ? "" : $"; {F(messagePack / mean, "F2")}x";
                    return $"{T(mean)} ({Bytes(summary, benchmarkCase)}{ratio})";
                }

                text.AppendLine($"| {size} | {operation} | {Cell("MessagePack")} | {Cell("MemoryPack")} | {Cell("Nerdbank")} | {Cell("Json")} |");
            }
        }

        text.AppendLine()
            .AppendLine("Targets, from the medians: the engine at or below MemoryPack's time (MessagePack's / MemoryPack's <= 1.0x).")
            .AppendLine();
        foreach (string operation in new[] { "Deserialize", "Serialize" })
        {
            Statistics? Of(string peer) => StatsOf(summary, c => Method(c) == operation + peer && Is(c, "Size", ContentSize.Medium));
            text.AppendLine(Target($"MessagePack / MemoryPack {operation.ToLowerInvariant()}, Medium", Of("MessagePack"), Of("MemoryPack"), X2, "<= 1.0x", r => r <= 1.0));
        }

        return text.ToString();
    }

    private static string UnknownMembers(Summary summary)
    {
        var text = new StringBuilder()
            .AppendLine("**Keeping a newer game's members**, Medium content, every object carrying one member the model lacks (the worst case), warm")
            .AppendLine()
            .AppendLine("| case | time | allocated | / plain |")
            .AppendLine("|---|---:|---:|---:|");
        double? load = MeanOf(summary, c => Method(c) == nameof(UnknownMembersBenchmarks.Load));
        double? save = MeanOf(summary, c => Method(c) == nameof(UnknownMembersBenchmarks.Save));
        foreach (var (method, baseline, label) in new[]
        {
            (nameof(UnknownMembersBenchmarks.Load), load, "load"),
            (nameof(UnknownMembersBenchmarks.LoadKeepingUnknownMembers), load, "load, keeping the unknown members"),
            (nameof(UnknownMembersBenchmarks.Save), save, "save"),
            (nameof(UnknownMembersBenchmarks.SaveKeptUnknownMembers), save, "save, writing the kept members back"),
            (nameof(UnknownMembersBenchmarks.SaveAfterKeepingElsewhere), save, "save of other content, after members were kept once"),
        })
        {
            var benchmarkCase = Find(summary, c => Method(c) == method);
            double? mean = benchmarkCase is null ? null : Mean(summary, benchmarkCase);
            text.AppendLine($"| {label} | {T(mean)} | {Bytes(summary, benchmarkCase)} | {F(mean / baseline, "F2")}x |");
        }

        return text.ToString();
    }

    /// <summary>Issue 17's targets, at Large: SaveAsync returns within 0.03x a full save; an autosave after a 1% change costs at most 0.10x one.</summary>
    private static string Autosave(Summary summary)
    {
        var text = new StringBuilder()
            .AppendLine("**A save at play, into a temp folder: a full save (SaveToFile) against SaveSlotStore after 1% of the rooms changed (`bash build/benchmarks.sh --filter '*Autosave*'`)** (one save per iteration; median (quartiles), and the 99th percentile of the game thread's part)")
            .AppendLine()
            .AppendLine("| size | full save | SaveAsync on the game thread | its p99 | / full save | the rest, in the background | autosave after 1% changed | / full save | allocated per autosave |")
            .AppendLine("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
        Statistics? Of(string method, ContentSize size) => StatsOf(summary, c => Method(c) == method && Is(c, "Size", size));
        foreach (var size in summary.BenchmarksCases.Select(c => (ContentSize)c.Parameters["Size"]).Distinct().Order())
        {
            var (full, gameThread, background, autosave) = (Of(nameof(AutosaveBenchmarks.FullSave), size), Of(nameof(AutosaveBenchmarks.GameThread), size),
                Of(nameof(AutosaveBenchmarks.Background), size), Of(nameof(AutosaveBenchmarks.AutosaveAfterOnePercentChanged), size));
            var autosaveCase = Find(summary, c => Method(c) == nameof(AutosaveBenchmarks.AutosaveAfterOnePercentChanged) && Is(c, "Size", size));
            text.AppendLine($"| {size} | {MedianAndQuartiles(full)} | {MedianAndQuartiles(gameThread)} | {T(gameThread?.Percentiles.Percentile(99))} | "
                + $"{Show(RatioOf(gameThread, full), X2)} | {MedianAndQuartiles(background)} | {MedianAndQuartiles(autosave)} | {Show(RatioOf(autosave, full), X2)} | "
                + $"{Bytes(summary, autosaveCase)} |");
        }

        var largeFull = Of(nameof(AutosaveBenchmarks.FullSave), ContentSize.Large);
        text.AppendLine()
            .AppendLine(Target("Large: SaveAsync's return vs a full save", Of(nameof(AutosaveBenchmarks.GameThread), ContentSize.Large), largeFull, X2, "<= 0.03x", r => r <= 0.03))
            .AppendLine(Target("Large: an autosave after a 1% change vs a full save", Of(nameof(AutosaveBenchmarks.AutosaveAfterOnePercentChanged), ContentSize.Large), largeFull, X2, "<= 0.10x", r => r <= 0.10));
        foreach (var size in summary.BenchmarksCases.Select(c => (ContentSize)c.Parameters["Size"]).Distinct().Order())
        {
            var logMoved = Of(nameof(AutosaveBenchmarks.AutosaveAfterTheLogMoved), size);
            if (logMoved is not null)
            {
                text.AppendLine($"- {size}: an autosave after the log moved up one message (every message of a log kept to its length changes place): "
                    + $"{MedianAndQuartiles(logMoved)}, {Show(RatioOf(logMoved, Of(nameof(AutosaveBenchmarks.FullSave), size)), X2)} a full save.");
            }
        }

        foreach (var size in new[] { ContentSize.Small, ContentSize.Large })
        {
            var inARow = Find(summary, c => Method(c) == nameof(AutosaveBenchmarks.AutosavesInARow) && Is(c, "Size", size));
            if (inARow is not null && summary[inARow]?.GcStats.GetBytesAllocatedPerOperation(inARow) is { } bytes)
            {
                text.AppendLine($"- {size}: allocated per autosave, {AutosaveBenchmarks.SavesInARow} in a row after 1% changes each: {bytes:N0} bytes "
                    + $"(target <= 1,024): {Results.Verdict(bytes <= 1024)}; the table's column counts one save per call, with the harness's own allocations.");
            }
        }

        return text.ToString();
    }

    private static IEnumerable<string> Methods(Summary summary) => summary.BenchmarksCases.Select(Method).Distinct();

    private static string Method(BenchmarkCase benchmarkCase) => benchmarkCase.Descriptor.WorkloadMethod.Name;

    private static bool Is<T>(BenchmarkCase benchmarkCase, string parameter, T value) => Equals(benchmarkCase.Parameters[parameter], value);

    private static BenchmarkCase? Find(Summary summary, Func<BenchmarkCase, bool> match) => summary.BenchmarksCases.FirstOrDefault(match);

    private static double? Mean(Summary summary, BenchmarkCase benchmarkCase) => summary[benchmarkCase]?.ResultStatistics?.Mean;

    private static double? MeanOf(Summary summary, Func<BenchmarkCase, bool> match) => Find(summary, match) is { } c ? Mean(summary, c) : null;

    private static Statistics? StatsOf(Summary summary, Func<BenchmarkCase, bool> match) => Find(summary, match) is { } c ? summary[c]?.ResultStatistics : null;

    private static string MedianAndQuartiles(Statistics? statistics) => statistics is null ? "n/a" : Results.Time(statistics.Median, statistics.Q1, statistics.Q3);

    /// <summary>One time over another: the ratio of their medians, and the lowest and highest ratio of their quartiles.</summary>
    private static Ratio? RatioOf(Statistics? numerator, Statistics? denominator) =>
        numerator is null || denominator is null ? null : new(numerator.Median / denominator.Median, numerator.Q1 / denominator.Q3, numerator.Q3 / denominator.Q1);

    private static string Show(Ratio? ratio, Func<double, string> format) => ratio is { } r ? $"{format(r.Median)} ({format(r.Low)} to {format(r.High)})" : "n/a";

    /// <summary>A target judged on the ratio of medians: "label: 18.6x (target >= 40x): **missed** (quartiles: ...)", then the two medians and their quartiles.</summary>
    private static string Target(string label, Statistics? numerator, Statistics? denominator, Func<double, string> format, string target, Func<double, bool> met)
    {
        string judged = RatioOf(numerator, denominator) is { } r
            ? $"{format(r.Median)} (target {target}): {Results.Verdict(met(r.Median))} (quartiles: {format(r.Low)} to {format(r.High)})"
            : $"n/a (target {target}): not judged";
        return $"- {label}: {judged}; medians {MedianAndQuartiles(numerator)} against {MedianAndQuartiles(denominator)}.";
    }

    private static string X1(double ratio) => $"{F(ratio, "F1")}x";

    private static string X2(double ratio) => $"{F(ratio, "F2")}x";

    private static string Percent(double ratio) => $"{((ratio - 1) * 100).ToString("+0.0;-0.0", System.Globalization.CultureInfo.InvariantCulture)}%";

    private static string Bytes(Summary summary, BenchmarkCase? benchmarkCase) =>
        benchmarkCase is not null && summary[benchmarkCase] is { } report && report.GcStats.GetBytesAllocatedPerOperation(benchmarkCase) is { } bytes
            ? bytes < 10 * 1024 ? $"{bytes:N0} B" : $"{bytes / 1024.0:N0} KB"
            : "n/a";

    private static string F(double? value, string format) =>
        value is { } v && double.IsFinite(v) ? v.ToString(format, System.Globalization.CultureInfo.InvariantCulture) : "n/a";

    private static string T(double? nanoseconds) => nanoseconds is { } ns ? Results.Time(ns) : "n/a";

    private static string Flat(double? growth) => growth is { } g ? Results.Verdict(g <= FlatnessTarget) : "n/a";

    /// <summary>A ratio of medians with the lowest and highest ratio of the two cases' quartiles.</summary>
    private readonly record struct Ratio(double Median, double Low, double High);
}

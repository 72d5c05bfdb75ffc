using System.Globalization;
using System.Text;
using Benchmarks.Infrastructure;

namespace Benchmarks.Harness;

/// <summary>The harness's table, targets and CSV, from the medians of one run.</summary>
internal sealed class ColdStartReport
{
    private readonly int _runs;

    public ColdStartReport(IReadOnlyList<HarnessCase> cases, int runs)
    {
        _runs = runs;
        Cases = [.. cases.OrderBy(c => c.Runtime == HarnessCase.Native ? 0 : 1).ThenBy(c => c.IsFloor ? 0 : 1).ThenBy(c => Order(c.Name))];
        NativeMessagePack = Case(HarnessCase.Native, "MessagePack");
    }

    public IReadOnlyList<HarnessCase> Cases { get; }

    /// <summary>The engine's main path, against which every case is compared.</summary>
    public HarnessCase NativeMessagePack { get; }

    public static string Machine => Results.Machine();

    public HarnessCase Floor(HarnessCase harnessCase) => Case(harnessCase.Runtime, "empty program");

    public double Wall(HarnessCase harnessCase) => Statistics.Median(harnessCase.WallMilliseconds);

    public string Markdown(string chartPath)
    {
        var text = new StringBuilder()
            .AppendLine($"Process wall time from launch to exit of `game-sample load FILE --quiet` on a Medium save, {_runs} runs per case, interleaved in random order;")
            .AppendLine("\"load\" is the time the game itself reports for the load (read, checks, decompress, decode). The floor is the empty program of the same kind.")
            .AppendLine("The peers are native programs of their own that read the same game from a bare payload (no container) and decode it whole, timed the same way;")
            .AppendLine("Nerdbank.MessagePack's payload is byte for byte the engine's (checked before the runs).")
            .AppendLine($"Measured {Results.Today} on {Machine}.")
            .AppendLine()
            .AppendLine("| program | save | file bytes | wall median | min | max | load median | / floor | / native MessagePack |")
            .AppendLine("|---|---|---:|---:|---:|---:|---:|---:|---:|");
        foreach (var c in Cases)
        {
            text.AppendLine(
                $"| {c.Runtime} | {c.Name} | {(c.IsFloor ? "" : c.FileBytes.ToString("N0", CultureInfo.InvariantCulture))} | {Ms(Wall(c))} | {Ms(Statistics.Min(c.WallMilliseconds))} | "
                + $"{Ms(Statistics.Max(c.WallMilliseconds))} | {(c.IsFloor ? "" : Ms(Statistics.Median(c.LoadMilliseconds)))} | {X(Wall(c) / Wall(Floor(c)))} | {X(Wall(c) / Wall(NativeMessagePack))} |");
        }

        text.AppendLine()
            .AppendLine($"![Cold start chart]({chartPath})")
            .AppendLine()
            .AppendLine("Targets, from the medians above:")
            .AppendLine()
            .Append(Targets());
        return text.ToString();
    }

    public string Csv()
    {
        var csv = new StringBuilder("runtime,case,file_bytes,runs,wall_median_ms,wall_min_ms,wall_max_ms,load_median_ms,ratio_to_floor,ratio_to_native_messagepack\n");
        foreach (var c in Cases)
        {
            csv.AppendLine(string.Join(',',
                c.Runtime, c.Name, c.FileBytes, c.WallMilliseconds.Count, N(Wall(c)), N(Statistics.Min(c.WallMilliseconds)), N(Statistics.Max(c.WallMilliseconds)),
                c.IsFloor ? "" : N(Statistics.Median(c.LoadMilliseconds)), N(Wall(c) / Wall(Floor(c))), N(Wall(c) / Wall(NativeMessagePack))));
        }

        return csv.ToString();
    }

    private string Targets()
    {
        double native = Wall(NativeMessagePack);
        double floor = Wall(Floor(NativeMessagePack));
        double xml = Wall(Case(HarnessCase.Jit, "XML"));
        double protobuf = Wall(Case(HarnessCase.Jit, "protobuf"));
        var lz4 = Case(HarnessCase.Native, "MessagePack + LZ4");
        double lz4Cost = (Wall(lz4) / native) - 1;
        double shrink = (double)NativeMessagePack.FileBytes / lz4.FileBytes;
        double load = Statistics.Median(NativeMessagePack.LoadMilliseconds);
        return new StringBuilder()
            .AppendLine($"- native MessagePack vs the empty native program: {X(native / floor)} (target <= 1.5x): {Results.Verdict(native <= 1.5 * floor)}."
                + $" Of the {Ms(native - floor)} above the floor, the load itself takes {Ms(load)}; the rest ({Ms(native - floor - load)}) is starting and ending the larger program.")
            .AppendLine($"- JIT XML (the generated codec) vs native MessagePack: {X(xml / native)} (the seed measured 35x for XmlSerializer, which the engine no longer uses).")
            .AppendLine($"- JIT protobuf (the generated codec over protobuf-net.Core) vs native MessagePack: {X(protobuf / native)} (the seed measured 24x for protobuf-net's runtime model).")
            .AppendLine($"- Peers, native, vs native MessagePack: {string.Join("; ", Peers.Select(p => $"{p.Name} {X(Wall(p) / native)} (load {Ms(Statistics.Median(p.LoadMilliseconds))} against {Ms(load)})"))}.")
            .AppendLine($"- LZ4 on native MessagePack: {(lz4Cost >= 0 ? "+" : "")}{lz4Cost:P1} wall time (target <= +5%): {Results.Verdict(lz4Cost <= 0.05)};"
                + $" the file is {shrink:F1}x smaller (target >= 3x): {Results.Verdict(shrink >= 3)}.")
            .ToString();
    }

    /// <summary>The other libraries' programs: every case that is neither a floor nor the engine's own game.</summary>
    private IEnumerable<HarnessCase> Peers => Cases.Where(c => !c.IsFloor && Order(c.Name) == 3);

    private HarnessCase Case(string runtime, string name) => Cases.Single(c => c.Runtime == runtime && c.Name == name);

    private static int Order(string name) =>
        name.StartsWith("MessagePack", StringComparison.Ordinal) ? 0 : name.StartsWith("XML", StringComparison.Ordinal) ? 1 : name.StartsWith("protobuf", StringComparison.Ordinal) ? 2 : 3;

    private static string Ms(double milliseconds) => double.IsFinite(milliseconds) ? $"{milliseconds:F1} ms" : "n/a";

    private static string X(double ratio) => double.IsFinite(ratio) ? $"{ratio:F2}x" : "n/a";

    private static string N(double value) => double.IsFinite(value) ? value.ToString("F3", CultureInfo.InvariantCulture) : "";
}

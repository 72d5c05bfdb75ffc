using System.Globalization;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace Benchmarks.Infrastructure;

/// <summary>A column computed from a benchmark case and its result: the payload size, time per byte, throughput.</summary>
internal sealed class DerivedColumn(string name, string legend, Func<Summary, BenchmarkCase, double?> value, string format) : IColumn
{
    public string Id => $"{nameof(DerivedColumn)}.{name}";

    public string ColumnName => name;

    public bool AlwaysShow => true;

    public ColumnCategory Category => ColumnCategory.Custom;

    public int PriorityInCategory => 0;

    public bool IsNumeric => true;

    public UnitType UnitType => UnitType.Dimensionless;

    public string Legend => legend;

    /// <summary>The payload size in bytes, as <paramref name="bytesOf"/> says for each case.</summary>
    public static DerivedColumn Payload(Func<BenchmarkCase, long> bytesOf) =>
        new("Payload B", "Bytes of the encoded payload or save file", (_, c) => bytesOf(c), "N0");

    /// <summary>The mean time divided by the bytes <paramref name="bytesOf"/> says the case handles.</summary>
    public static DerivedColumn TimePerByte(Func<BenchmarkCase, long> bytesOf) =>
        new("ns/B", "Mean time per byte of the uncompressed save (the content handled), in nanoseconds", (s, c) => MeanNanoseconds(s, c) / bytesOf(c), "F3");

    /// <summary>Megabytes (10^6 bytes) per second over <paramref name="bytesOf"/>.</summary>
    public static DerivedColumn Throughput(Func<BenchmarkCase, long> bytesOf) =>
        new("MB/s", "Megabytes (10^6 bytes) of raw data per second, from the mean", (s, c) => bytesOf(c) / MeanNanoseconds(s, c) * 1e3, "N0");

    public static DerivedColumn TimePerElement(Func<BenchmarkCase, long> elementsOf) =>
        new("ns/element", "Mean time per grid cell, in nanoseconds", (s, c) => MeanNanoseconds(s, c) / elementsOf(c), "F3");

    public static T Parameter<T>(BenchmarkCase benchmarkCase, string name) => (T)benchmarkCase.Parameters[name];

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, SummaryStyle.Default);

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
    {
        double? result = value(summary, benchmarkCase);
        return result is { } number && double.IsFinite(number) ? number.ToString(format, CultureInfo.InvariantCulture) : "NA";
    }

    public bool IsAvailable(Summary summary) => true;

    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    public override string ToString() => ColumnName;

    private static double? MeanNanoseconds(Summary summary, BenchmarkCase benchmarkCase) =>
        summary[benchmarkCase]?.ResultStatistics?.Mean;
}

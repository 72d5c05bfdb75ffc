namespace Benchmarks.Harness;

internal static class Statistics
{
    public static double Median(IReadOnlyList<double> values)
    {
        if (values.Count == 0)
        {
            return double.NaN;
        }

        var sorted = values.Order().ToList();
        int middle = sorted.Count / 2;
        return sorted.Count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    public static double Min(IReadOnlyList<double> values) => values.Count == 0 ? double.NaN : values.Min();

    public static double Max(IReadOnlyList<double> values) => values.Count == 0 ? double.NaN : values.Max();
}

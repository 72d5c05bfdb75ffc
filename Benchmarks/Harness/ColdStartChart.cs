using System.Globalization;
using System.Security;
using System.Text;

namespace Benchmarks.Harness;

/// <summary>The cold-start comparison as an SVG bar chart: median wall time per case on a log scale, min to max as a whisker.</summary>
internal static class ColdStartChart
{
    private const int Width = 960;
    private const int Left = 250;
    private const int Right = 110;
    private const int Top = 46;
    private const int Row = 26;

    public static string Svg(ColdStartReport report)
    {
        var cases = report.Cases;
        double low = Math.Pow(10, Math.Floor(Math.Log10(cases.Min(c => c.WallMilliseconds.DefaultIfEmpty(1).Min()))));
        double high = Math.Pow(10, Math.Ceiling(Math.Log10(cases.Max(c => c.WallMilliseconds.DefaultIfEmpty(1).Max()))));
        int height = Top + (cases.Count * Row) + 40;
        double X(double ms) => Left + ((Width - Left - Right) * (Math.Log10(ms) - Math.Log10(low)) / (Math.Log10(high) - Math.Log10(low)));

        var svg = new StringBuilder()
            .AppendLine(CultureInfo.InvariantCulture, $"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{Width}\" height=\"{height}\" font-family=\"sans-serif\" font-size=\"13\">")
            .AppendLine(CultureInfo.InvariantCulture, $"<rect width=\"{Width}\" height=\"{height}\" fill=\"white\"/>")
            .AppendLine("<text x=\"12\" y=\"22\" font-size=\"15\" font-weight=\"bold\">Cold load of a Medium save: process wall time, median (min to max), log scale</text>");
        for (double tick = low; tick <= high * 1.0001; tick *= 10)
        {
            double x = X(tick);
            svg.AppendLine(Invariant($"<line x1=\"{x:F1}\" y1=\"{Top - 6}\" x2=\"{x:F1}\" y2=\"{height - 34}\" stroke=\"#ddd\"/>"))
                .AppendLine(Invariant($"<text x=\"{x:F1}\" y=\"{height - 18}\" text-anchor=\"middle\" fill=\"#555\">{tick:0.###} ms</text>"));
        }

        for (int i = 0; i < cases.Count; i++)
        {
            var c = cases[i];
            double y = Top + (i * Row);
            double median = report.Wall(c);
            string color = c.IsFloor ? "#999" : c.Runtime == HarnessCase.Native ? "#2b7bba" : "#e0812b";
            string label = SecurityElement.Escape(c.Label);
            svg.AppendLine(Invariant($"<text x=\"{Left - 8}\" y=\"{y + 17}\" text-anchor=\"end\">{label}</text>"))
                .AppendLine(Invariant($"<rect x=\"{Left}\" y=\"{y + 4}\" width=\"{Math.Max(1, X(median) - Left):F1}\" height=\"{Row - 8}\" fill=\"{color}\"/>"))
                .AppendLine(Invariant($"<line x1=\"{X(c.WallMilliseconds.Min()):F1}\" y1=\"{y + 13}\" x2=\"{X(c.WallMilliseconds.Max()):F1}\" y2=\"{y + 13}\" stroke=\"#222\"/>"))
                .AppendLine(Invariant($"<text x=\"{Math.Max(X(median), X(c.WallMilliseconds.Max())) + 6:F1}\" y=\"{y + 17}\">{median:F1} ms</text>"));
        }

        return svg.AppendLine("</svg>").ToString();
    }

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}

using System.Text;

namespace Engine.Serialization.Tests.Fuzzing;

/// <summary>
/// Edits that nest an XML payload's elements deep, where byte flips rarely make more than one level: after an element's
/// start tag, a run of elements nested to a depth around the reader's limit (1,008) or far past it, named as an
/// unknown member or as the element itself, closed or left open, empty or holding text. Each edit is three bytes: what,
/// where, how deep; the mutation tests draw them at random and the afl-fuzz harness takes them from its input.
/// </summary>
internal static class XmlNestingEdits
{
    public const int EditLength = 3;

    private static readonly int[] Depths = [1, 2, 100, 499, 500, 501, 1000, 1006, 1007, 1008, 1009, 1010, 2016, 10_000, 100_000];

    /// <summary>The payload with the edits applied; one with no element is returned as it is.</summary>
    public static byte[] Apply(byte[] payload, ReadOnlySpan<byte> edits)
    {
        string xml = Encoding.UTF8.GetString(payload);
        for (int i = 0; i + EditLength <= edits.Length; i += EditLength)
        {
            xml = Edit(xml, edits[i], edits[i + 1], edits[i + 2]);
        }

        return Encoding.UTF8.GetBytes(xml);
    }

    private static string Edit(string xml, byte what, byte where, byte deep)
    {
        var starts = StartTags(xml);
        if (starts.Count == 0)
        {
            return xml;
        }

        var (end, name) = starts[(where * 7919) % starts.Count];
        string element = (what % 2) == 0 ? "Unknown" : name;
        int depth = Depths[deep % Depths.Length];
        string inner = (what / 2 % 3) switch
        {
            0 => string.Empty,
            1 => "x",
            _ => "<a/>",
        };
        bool closed = what / 6 % 4 != 3;
        var nested = new StringBuilder(depth * ((2 * element.Length) + 5));
        nested.Insert(0, $"<{element}>", depth).Append(inner);
        if (closed)
        {
            nested.Insert(nested.Length, $"</{element}>", depth);
        }

        return xml.Insert(end, nested.ToString());
    }

    /// <summary>Where each start tag (not an end tag, declaration or self-closing element) ends, and its name.</summary>
    private static List<(int End, string Name)> StartTags(string xml)
    {
        var tags = new List<(int, string)>();
        for (int at = xml.IndexOf('<'); at >= 0 && at + 1 < xml.Length; at = xml.IndexOf('<', at + 1))
        {
            int close = xml.IndexOf('>', at);
            if (close < 0 || !char.IsLetter(xml[at + 1]) || xml[close - 1] == '/')
            {
                continue;
            }

            int nameEnd = at + 1;
            while (nameEnd < close && !char.IsWhiteSpace(xml[nameEnd]))
            {
                nameEnd++;
            }

            tags.Add((close + 1, xml[(at + 1)..nameEnd]));
        }

        return tags;
    }
}

using System.Text;

namespace Engine.Serialization.Text;

/// <summary>
/// Unicode Normalization Form C (UAX #15) from the engine's own tables (<see cref="UnicodeVersion"/>): with
/// InvariantGlobalization, as games published with NativeAOT often run, <see cref="string.Normalize()"/> returns
/// non-ASCII text unchanged, so "é" typed as one character and as "e" and a combining accent would stay different.
/// </summary>
internal static partial class UnicodeNfc
{
    private const int HangulFirst = 0xAC00, HangulCount = 11172;
    private const int LeadFirst = 0x1100, LeadCount = 19;
    private const int VowelFirst = 0x1161, VowelCount = 21;
    private const int TrailFirst = 0x11A7, TrailCount = 28;

    /// <summary>Text of characters below this is in NFC: each that decomposes, moves or composes with another is above.</summary>
    private const char FirstNotAlwaysComposed = '\u0300';

    /// <summary>The text in NFC: canonically decomposed, combining marks in canonical order, composed again.</summary>
    public static string Normalize(string text)
    {
        ArgumentNullException.ThrowIfNull(text);
        if (!text.AsSpan().ContainsAnyInRange(FirstNotAlwaysComposed, char.MaxValue))
        {
            return text;
        }

        var decomposed = new List<int>(text.Length + 8);
        foreach (var rune in text.EnumerateRunes())
        {
            Decompose(rune.Value, decomposed);
        }

        SortMarks(decomposed);
        Compose(decomposed);
        var normalized = new StringBuilder(decomposed.Count);
        foreach (int codePoint in decomposed)
        {
            normalized.Append(new Rune(codePoint).ToString());
        }

        return normalized.ToString();
    }

    /// <summary>The canonical combining class: 0 for a starter, else where a mark sits among the marks after it.</summary>
    public static int CombiningClass(int codePoint)
    {
        var runs = CombiningClasses;
        int low = 0, high = (runs.Length / 3) - 1;
        while (low <= high)
        {
            int middle = (low + high) / 2;
            if (codePoint < runs[middle * 3])
            {
                high = middle - 1;
            }
            else if (codePoint > runs[(middle * 3) + 1])
            {
                low = middle + 1;
            }
            else
            {
                return runs[(middle * 3) + 2];
            }
        }

        return 0;
    }

    private static void Decompose(int codePoint, List<int> into)
    {
        int syllable = codePoint - HangulFirst;
        if (syllable is >= 0 and < HangulCount)
        {
            into.Add(LeadFirst + (syllable / (VowelCount * TrailCount)));
            into.Add(VowelFirst + (syllable % (VowelCount * TrailCount) / TrailCount));
            if (syllable % TrailCount != 0)
            {
                into.Add(TrailFirst + (syllable % TrailCount));
            }

            return;
        }

        int row = DecompositionRow(codePoint);
        if (row < 0)
        {
            into.Add(codePoint);
            return;
        }

        var table = Decompositions;
        Decompose(table[row + 1], into);
        if (table[row + 2] != 0)
        {
            Decompose(table[row + 2], into);
        }
    }

    /// <summary>Where <paramref name="codePoint"/>'s row starts in <see cref="Decompositions"/>; -1 when it has none.</summary>
    private static int DecompositionRow(int codePoint)
    {
        var table = Decompositions;
        int low = 0, high = (table.Length / 4) - 1;
        while (low <= high)
        {
            int middle = (low + high) / 2;
            int found = table[middle * 4];
            if (found == codePoint)
            {
                return middle * 4;
            }

            (low, high) = found < codePoint ? (middle + 1, high) : (low, middle - 1);
        }

        return -1;
    }

    /// <summary>Puts each run of combining marks in order of class, keeping the order of marks of one class.</summary>
    private static void SortMarks(List<int> text)
    {
        for (int i = 1; i < text.Count; i++)
        {
            int mark = text[i];
            int markClass = CombiningClass(mark);
            if (markClass == 0)
            {
                continue;
            }

            int j = i;
            while (j > 0 && CombiningClass(text[j - 1]) > markClass)
            {
                text[j] = text[j - 1];
                j--;
            }

            text[j] = mark;
        }
    }

    /// <summary>
    /// Composes each character with the last starter before it, unless a character between them is a starter or of a
    /// class as high as its own (it is blocked).
    /// </summary>
    private static void Compose(List<int> text)
    {
        int starter = -1;
        int lastClass = 0;
        int kept = 0;
        for (int i = 0; i < text.Count; i++)
        {
            int codePoint = text[i];
            int codePointClass = CombiningClass(codePoint);
            bool adjacent = starter == kept - 1;
            if (starter >= 0 && (adjacent || (lastClass != 0 && lastClass < codePointClass))
                && Composite(text[starter], codePoint) is int composite)
            {
                text[starter] = composite;
                continue;
            }

            if (codePointClass == 0)
            {
                starter = kept;
            }

            lastClass = codePointClass;
            text[kept++] = codePoint;
        }

        text.RemoveRange(kept, text.Count - kept);
    }

    private static int? Composite(int first, int second)
    {
        int lead = first - LeadFirst, vowel = second - VowelFirst;
        if (lead is >= 0 and < LeadCount && vowel is >= 0 and < VowelCount)
        {
            return HangulFirst + (((lead * VowelCount) + vowel) * TrailCount);
        }

        int syllable = first - HangulFirst, trail = second - TrailFirst;
        if (syllable is >= 0 and < HangulCount && syllable % TrailCount == 0 && trail is > 0 and < TrailCount)
        {
            return first + trail;
        }

        return Pairs.Composites.TryGetValue(((long)first << 32) | (uint)second, out int composite) ? composite : null;
    }

    /// <summary>The pairs that compose, built from <see cref="Decompositions"/> the first time one is looked up.</summary>
    private static class Pairs
    {
        public static readonly Dictionary<long, int> Composites = Build();

        private static Dictionary<long, int> Build()
        {
            var table = Decompositions;
            var composites = new Dictionary<long, int>();
            for (int row = 0; row < table.Length; row += 4)
            {
                if (table[row + 3] == 1)
                {
                    composites[((long)table[row + 1] << 32) | (uint)table[row + 2]] = table[row];
                }
            }

            return composites;
        }
    }
}

using System.Buffers;
using System.Globalization;
using System.Text;
using System.Text.Encodings.Web;

namespace Engine.Serialization.Text;

/// <summary>
/// Text a save carries (its title, slot name, game and model ids, the game's own strings), and the file names around it,
/// as a message or a terminal may show it. A save can come from anywhere, so what it says is shown, never obeyed.
/// </summary>
public static class SaveText
{
    /// <summary>
    /// Control characters (C0, DEL, C1: escape sequences, line breaks), bidirectional controls (U+061C, U+200E, U+200F,
    /// U+202A to U+202E, U+2066 to U+2069: text shown in another order than it is written) and the line and paragraph
    /// separators (U+2028, U+2029).
    /// </summary>
    private static readonly SearchValues<char> Hidden = SearchValues.Create(
        "\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\u0009\u000A\u000B\u000C\u000D\u000E\u000F"
        + "\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001A\u001B\u001C\u001D\u001E\u001F\u007F"
        + "\u0080\u0081\u0082\u0083\u0084\u0085\u0086\u0087\u0088\u0089\u008A\u008B\u008C\u008D\u008E\u008F"
        + "\u0090\u0091\u0092\u0093\u0094\u0095\u0096\u0097\u0098\u0099\u009A\u009B\u009C\u009D\u009E\u009F"
        + "\u061C\u200E\u200F\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u2028\u2029");

    /// <summary>
    /// JSON escaping for text a save carries: the text as it reads (HTML's characters included), with every character
    /// <see cref="Visible"/> writes out escaped too, so JSON shown on a terminal can't act on it or reorder it.
    /// </summary>
    public static JavaScriptEncoder JsonEncoder => VisibleJsonEncoder.Instance;

    /// <summary>
    /// <paramref name="text"/> with each character that would act on a terminal or reorder what is shown written out
    /// as its code, <c>\u001B</c>, so that a title holding an escape sequence or a line break shows as one line of
    /// plain text. Everything else, a backslash included, is kept as it is.
    /// </summary>
    public static string Visible(string? text)
    {
        if (text is null)
        {
            return "";
        }

        int first = IndexOfHidden(text);
        if (first < 0)
        {
            return text;
        }

        var visible = new StringBuilder(text.Length + 16).Append(text, 0, first);
        foreach (char c in text.AsSpan(first))
        {
            if (IsHidden(c))
            {
                visible.Append(CultureInfo.InvariantCulture, $"\\u{(int)c:X4}");
            }
            else
            {
                visible.Append(c);
            }
        }

        return visible.ToString();
    }

    /// <summary>Each line of <paramref name="text"/> as <see cref="Visible"/> shows it, the line feeds between them kept.</summary>
    public static string VisibleLines(string text)
    {
        ArgumentNullException.ThrowIfNull(text);
        return IndexOfHidden(text) < 0 ? text : string.Join('\n', text.Split('\n').Select(Visible));
    }

    /// <summary>Where the first character <see cref="Visible"/> writes out is; -1 when there is none.</summary>
    internal static int IndexOfHidden(ReadOnlySpan<char> text) => text.IndexOfAny(Hidden);

    internal static bool IsHidden(char c) => Hidden.Contains(c);

    /// <summary>
    /// A play time as hours, minutes and seconds, the hours counting on past a day: "0:05:12", "25:00:00". A time no
    /// game records (negative, not a number) is "unknown".
    /// </summary>
    public static string PlayTime(double seconds)
    {
        if (!double.IsFinite(seconds) || seconds < 0)
        {
            return "unknown";
        }

        double whole = Math.Floor(seconds);
        double hours = Math.Floor(whole / 3600);
        int rest = (int)(whole % 3600);
        return string.Create(CultureInfo.InvariantCulture, $"{hours:F0}:{rest / 60:D2}:{rest % 60:D2}");
    }
}

using System.Globalization;
using System.Text;
using System.Text.Encodings.Web;

namespace Engine.Serialization.Text;

/// <summary>
/// JSON escaping for text a save carries: <see cref="JavaScriptEncoder.UnsafeRelaxedJsonEscaping"/> (the text as it
/// reads, HTML's characters included), which lets bidirectional controls through, and every character
/// <see cref="SaveText.Visible"/> writes out escaped too, so JSON shown on a terminal can't reorder it.
/// </summary>
internal sealed class VisibleJsonEncoder : JavaScriptEncoder
{
    public static readonly VisibleJsonEncoder Instance = new();

    private static readonly JavaScriptEncoder Relaxed = UnsafeRelaxedJsonEscaping;

    private VisibleJsonEncoder()
    {
    }

    public override int MaxOutputCharactersPerInputCharacter => Relaxed.MaxOutputCharactersPerInputCharacter;

    public override bool WillEncode(int unicodeScalar) => IsHidden(unicodeScalar) || Relaxed.WillEncode(unicodeScalar);

    public override unsafe int FindFirstCharacterToEncode(char* text, int textLength)
    {
        int relaxed = Relaxed.FindFirstCharacterToEncode(text, textLength);
        int hidden = SaveText.IndexOfHidden(new ReadOnlySpan<char>(text, textLength));
        return relaxed < 0 ? hidden : hidden < 0 ? relaxed : Math.Min(relaxed, hidden);
    }

    public override int FindFirstCharacterToEncodeUtf8(ReadOnlySpan<byte> utf8Text)
    {
        int relaxed = Relaxed.FindFirstCharacterToEncodeUtf8(utf8Text);
        int end = relaxed < 0 ? utf8Text.Length : relaxed;
        for (int i = 0; i < end;)
        {
            if (Rune.DecodeFromUtf8(utf8Text[i..], out var rune, out int length) == System.Buffers.OperationStatus.Done && IsHidden(rune.Value))
            {
                return i;
            }

            i += length;
        }

        return relaxed;
    }

    public override unsafe bool TryEncodeUnicodeScalar(int unicodeScalar, char* buffer, int bufferLength, out int numberOfCharactersWritten)
    {
        if (!IsHidden(unicodeScalar))
        {
            return Relaxed.TryEncodeUnicodeScalar(unicodeScalar, buffer, bufferLength, out numberOfCharactersWritten);
        }

        numberOfCharactersWritten = 0;
        var escaped = new Span<char>(buffer, bufferLength);
        if (!string.Create(CultureInfo.InvariantCulture, $"\\u{unicodeScalar:X4}").AsSpan().TryCopyTo(escaped))
        {
            return false;
        }

        numberOfCharactersWritten = 6;
        return true;
    }

    private static bool IsHidden(int unicodeScalar) => unicodeScalar <= char.MaxValue && SaveText.IsHidden((char)unicodeScalar);
}

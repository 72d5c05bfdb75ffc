using System.Buffers;
using System.IO.Hashing;
using System.Text;
using Engine.Serialization.Internal;
using Engine.Serialization.Text;

namespace Engine.Serialization.Slots;

/// <summary>
/// Slot names as a player types them ("Chapter 2: The Cave", "セーブ 1", "a/b") and the safe file names they are stored
/// under. Names are compared as <see cref="Key"/> gives them: in Unicode's NFC, lower-cased, so that names that differ
/// only in how a character was typed (é as one character or as e and an accent) or by case are one slot. A key made
/// only of ASCII letters, digits, spaces, '-', '_' and inner '.' is its own file name (so saves from before typed names
/// keep their files); any other becomes a readable part of it plus a hash of the whole key
/// ("chapter 2-the cave~4b0db41bd5e9fc6b"). Either way no file name can leave the folder or be one a file system treats
/// specially. The names of the engine's own slots, the autosaves and the quick save, load as any other, but a game's
/// save can't take them (<see cref="ForSave"/>).
/// </summary>
internal static class SlotFileName
{
    public const int MaxLength = 100;

    private const int MaxPlainLength = 64;
    private const int MaxReadableLength = 40;
    private const int HashDigits = 16;
    private const char HashSeparator = '~';

    private static readonly SearchValues<char> PlainCharacters =
        SearchValues.Create("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.");

    /// <summary>
    /// The slot's file name, without extension; an <see cref="ArgumentException"/> for a name no slot may have. A file
    /// name it gives is its own, so a slot listed by its file name loads by it.
    /// </summary>
    public static string Of(string slot)
    {
        string key = Key(Typed(slot));
        return IsFileName(key) ? key : Readable(key) + HashSeparator + Hash(key);
    }

    /// <summary>
    /// <see cref="Of"/>, for a save under a name the game passes: the autosaves' names ("autosave-000001", which the
    /// rotation deletes three autosaves later) and the quick save's are the engine's, and refused with an
    /// <see cref="ArgumentException"/> whatever their case or spelling.
    /// </summary>
    public static string ForSave(string slot)
    {
        string fileName = Of(slot);
        string? owner = fileName == SaveSlotStore.QuickSlot ? "the quick save's"
            : AutosaveRotation.IsAutosave(fileName) ? "an autosave's, and autosaves are deleted as newer ones are written"
            : null;
        return owner is null
            ? fileName
            : throw new ArgumentException($"'{SaveText.Visible(Typed(slot))}' can't name a slot: the name is {owner}. Choose another name.", nameof(slot));
    }

    /// <summary>
    /// The name as slots compare it: in NFC (Unicode's composed form, <see cref="UnicodeNfc"/>), lower-cased by the
    /// invariant culture (Unicode's simple lower-case mapping, which takes the Kelvin sign to k), in NFC again. Text
    /// that was already composed and lower-case, as typed text mostly is, keeps the key (and the file) it always had.
    /// </summary>
    public static string Key(string typed)
    {
        if (Ascii.IsValid(typed))
        {
            return typed.AsSpan().ContainsAnyInRange('A', 'Z') ? typed.ToLowerInvariant() : typed;
        }

        return UnicodeNfc.Normalize(UnicodeNfc.Normalize(typed).ToLowerInvariant());
    }

    /// <summary>
    /// The name as the player typed it, without surrounding white space: 1 to <see cref="MaxLength"/> characters,
    /// no control characters, and whole characters only (text UTF-8 can carry).
    /// </summary>
    public static string Typed(string slot)
    {
        ArgumentNullException.ThrowIfNull(slot);
        string typed = slot.Trim();
        string? problem = typed.Length == 0 ? "it is empty"
            : typed.Length > MaxLength ? $"it is longer than {MaxLength} characters"
            : HasControl(typed) ? "it holds a control character"
            : CodecSupport.HasLoneSurrogate(typed) ? "it holds half of a character (a lone surrogate)"
            : null;
        return problem is null
            ? typed
            : throw new ArgumentException($"'{SaveText.Visible(slot)}' can't name a slot: {problem}.", nameof(slot));
    }

    private static bool HasControl(string text)
    {
        foreach (char c in text)
        {
            if (char.IsControl(c))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>Whether <see cref="Of"/> gives <paramref name="stem"/> for some name: the slot files a listing shows.</summary>
    public static bool IsFileName(string stem) => IsPlain(stem) || IsHashed(stem);

    /// <summary>Whether <see cref="Of"/> maps <paramref name="slot"/> to <paramref name="stem"/>, for a name read from a file.</summary>
    public static bool Names(string slot, string stem)
    {
        try
        {
            return string.Equals(Of(slot), stem, StringComparison.OrdinalIgnoreCase);
        }
        catch (ArgumentException)
        {
            return false;
        }
    }

    /// <summary>A name that is its own file name: the rules slot names had before any typed name was allowed.</summary>
    public static bool IsPlain(string name) =>
        name.Length is > 0 and <= MaxPlainLength
        && name[0] is not ('.' or ' ')
        && name[^1] is not ('.' or ' ')
        && !name.Contains("..", StringComparison.Ordinal)
        && !name.AsSpan().ContainsAnyExcept(PlainCharacters)
        && !IsWindowsDeviceName(name);

    private static bool IsHashed(string stem)
    {
        int separator = stem.LastIndexOf(HashSeparator);
        if (separator is <= 0 or > MaxReadableLength || stem.Length - separator - 1 != HashDigits)
        {
            return false;
        }

        string readable = stem[..separator];
        return !stem.AsSpan(separator + 1).ContainsAnyExcept("0123456789abcdef") && readable == Readable(readable);
    }

    /// <summary>The part of a name a file name may hold, kept so that a folder of saves stays legible.</summary>
    private static string Readable(string key)
    {
        var readable = new StringBuilder(MaxReadableLength);
        foreach (char c in key)
        {
            char kept = char.IsAsciiLetterOrDigit(c) || c is ' ' or '_' ? c : '-';
            if (readable.Length == MaxReadableLength || (kept is '-' or ' ' && readable is [.., '-' or ' ']))
            {
                continue;
            }

            readable.Append(kept);
        }

        string trimmed = readable.ToString().Trim(' ', '-');
        return trimmed.Length == 0 ? "slot" : trimmed;
    }

    /// <summary>XXH3 (the payload checksum's hash, stable by its specification) of the name's UTF-8, as 16 hex digits.</summary>
    private static string Hash(string key) =>
        XxHash3.HashToUInt64(Encoding.UTF8.GetBytes(key)).ToString("x16", System.Globalization.CultureInfo.InvariantCulture);

    /// <summary>CON, NUL, COM1 and the like name devices on Windows, with any extension.</summary>
    private static bool IsWindowsDeviceName(string name)
    {
        var stem = name.AsSpan();
        if (stem.IndexOf('.') is var dot and >= 0)
        {
            stem = stem[..dot];
        }

        stem = stem.TrimEnd(' ');
        return stem.Equals("CON", StringComparison.OrdinalIgnoreCase) || stem.Equals("PRN", StringComparison.OrdinalIgnoreCase)
            || stem.Equals("AUX", StringComparison.OrdinalIgnoreCase) || stem.Equals("NUL", StringComparison.OrdinalIgnoreCase)
            || (stem.Length == 4
                && (stem.StartsWith("COM", StringComparison.OrdinalIgnoreCase) || stem.StartsWith("LPT", StringComparison.OrdinalIgnoreCase))
                && char.IsAsciiDigit(stem[3]));
    }
}

namespace Engine.Serialization.Slots;

/// <summary>
/// The rules for slot names, which become file names: 1 to 64 ASCII letters, digits, spaces,
/// '-', '_' or '.', not starting with '.' or a space and not ending with either. That leaves no
/// room for path tricks ("../x", "a/b", "C:x") or names a file system treats specially.
/// Names are case-insensitive, so two slots never differ only by case on any platform.
/// </summary>
internal static class SlotName
{
    public const int MaxLength = 64;

    /// <summary>The slot's canonical (lower-case) name, or an <see cref="ArgumentException"/> saying what is wrong.</summary>
    public static string Normalize(string slot)
    {
        ArgumentNullException.ThrowIfNull(slot);
        if (!IsValid(slot))
        {
            throw new ArgumentException(
                $"'{slot}' is not a slot name: use 1 to {MaxLength} letters, digits, spaces, '-', '_' or '.', not starting or ending with '.' or a space.",
                nameof(slot));
        }

        return slot.ToLowerInvariant();
    }

    public static bool IsValid(string slot) =>
        slot.Length is > 0 and <= MaxLength
        && slot[0] is not ('.' or ' ')
        && slot[^1] is not ('.' or ' ')
        && !slot.Contains("..", StringComparison.Ordinal)
        && slot.All(c => char.IsAsciiLetterOrDigit(c) || c is ' ' or '-' or '_' or '.');
}

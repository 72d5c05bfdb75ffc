using Engine.Serialization.Errors;
using Engine.Serialization.Internal;

namespace Engine.Serialization.Formats;

/// <summary>
/// A value a generated reader can't hold (a union case or an enum value this build lacks, a number beyond its member's
/// type), refused alike in every format and named by its path. Every such payload passed its checksum, so it is as it
/// was written: by a newer release of the game, or by an editor. When the save's schema is older than the game's, no
/// newer release wrote it, and the load says so instead (<see cref="FromOlderSchema"/>).
/// </summary>
internal static class NewerValues
{
    /// <summary>The refusal of a payload holding such a value, when <paramref name="e"/> is one; null otherwise.</summary>
    public static UnsupportedSaveVersionException? Refusal(Exception e)
    {
        string? path = CodecSupport.TakePath(e);
        var value = e switch
        {
            NewerValueException newer => newer,

            // A checked narrowing in a reader (an Int64 read as an Int32, a double beyond float's range) or a count past
            // int's range: either way a number the older game's member can't hold.
            OverflowException when path is not null => new NewerValueException("a number larger than its member's type can hold", e),
            _ => null,
        };
        if (value is null)
        {
            return null;
        }

        value.Path ??= path;
        return new UnsupportedSaveVersionException(
            $"The save holds {value.What}{At(value)}: the save may come from a newer release of the game (update the game to load it), or it was edited.",
            innerException: value);
    }

    /// <summary>
    /// The refusal of such a value in a save whose schema is older than the game's (migrated up to it): no newer release
    /// wrote it.
    /// </summary>
    public static SaveCorruptedException FromOlderSchema(NewerValueException value, int saveSchema, int gameSchema) =>
        new($"The save holds {value.What}{At(value)}, but it is of schema {saveSchema}, older than this game's {gameSchema}, so no newer "
            + "release of the game wrote it: it was edited, or this version of the game dropped the value without a migration.",
            innerException: value);

    private static string At(NewerValueException value) => value.Path is null ? "" : $" at {value.Path}";
}

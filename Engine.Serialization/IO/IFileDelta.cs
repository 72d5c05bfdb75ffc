using Microsoft.Win32.SafeHandles;

namespace Engine.Serialization.IO;

/// <summary>
/// What lets <see cref="AtomicFile.Write"/> build a new file in a spare, an older file the writer wrote (writing only the
/// bytes that differ): which files the writer knows the content of, and where the new content differs from each.
/// </summary>
internal interface IFileDelta
{
    /// <summary>
    /// The ranges of the new content that may differ from what <paramref name="file"/> holds, in order; null when the
    /// file is not one this writer wrote, or changed since (then it is not reused).
    /// </summary>
    IReadOnlyList<(int Start, int End)>? ChangesFrom(SafeFileHandle file);

    /// <summary>Notes what the file just written and flushed holds, for a later write over it.</summary>
    void Written(SafeFileHandle file);
}

using Microsoft.Win32.SafeHandles;

namespace Engine.Serialization.IO;

/// <summary>
/// What lets <see cref="AtomicFile.Write"/> build a new file in a spare, an older file the writer wrote (writing only the
/// bytes that differ): which of its contents a file holds, and where the new content differs from each.
/// </summary>
internal interface IFileDelta
{
    /// <summary>
    /// Which version of this writer's content <paramref name="file"/> holds; null when the file is not one this writer
    /// wrote, or changed since (then it is not reused).
    /// </summary>
    int? VersionOf(SafeFileHandle file);

    /// <summary>
    /// The ranges of the new content that may differ from its version <paramref name="version"/>, in order; null when
    /// that is not known any more (then the whole content is written).
    /// </summary>
    IReadOnlyList<(int Start, int End)>? ChangesSince(int version);

    /// <summary>Notes what the file just written and flushed holds, for a later write over it.</summary>
    void Written(SafeFileHandle file);
}

using System.ComponentModel;

namespace Engine.Serialization.Internal;

/// <summary>What generated readers call to build a <see cref="TrackedList{T}"/>.</summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class TrackedLists
{
    /// <summary>
    /// Wraps <paramref name="items"/>, a list a reader has just filled, without copying them: the reader gives them up
    /// and does not change them again.
    /// </summary>
    public static TrackedList<T> Adopt<T>(List<T> items) => TrackedList<T>.Adopt(items);
}

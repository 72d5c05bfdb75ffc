using System.ComponentModel;

namespace Engine.Serialization.Internal;

/// <summary>
/// What a snapshot's refresh found changed since the save before, in the root's terms: a member's whole value, one
/// element of a root list, or a root list's length (elements added or removed at its end). A save encodes those again
/// and reuses the bytes of the rest. Filled by generated code; games don't use it.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class SnapshotChanges
{
    private readonly List<int> _members = [];
    private readonly List<(int Member, int Element)> _elements = [];
    private readonly List<(int Member, int Before, int After)> _resized = [];

    /// <summary>Whether nothing encoded before may be reused: a new snapshot, or a change that reaches the whole root.</summary>
    public bool All { get; private set; }

    /// <summary>
    /// The epoch the last completed refresh began (<see cref="ChangeTracking"/>), which the next one skips unchanged
    /// tracked objects against; 0 when it may skip nothing.
    /// </summary>
    internal long TrackedSince { get; set; }

    /// <summary>Whether anything changed.</summary>
    public bool Any => All || _members.Count > 0 || _elements.Count > 0 || _resized.Count > 0;

    /// <summary>The root members whose whole values changed, by index in written order.</summary>
    internal List<int> Members => _members;

    /// <summary>The elements of root lists that changed, member by member, each member's in order.</summary>
    internal List<(int Member, int Element)> Elements => _elements;

    /// <summary>The root lists that grew or shrank at their end, with their lengths before and after.</summary>
    internal List<(int Member, int Before, int After)> ResizedLists => _resized;

    public void Everything() => All = true;

    public void Member(int member) => _members.Add(member);

    public void Element(int member, int element) => _elements.Add((member, element));

    public void Resized(int member, int before, int after) => _resized.Add((member, before, after));

    /// <summary>Forgets what was reported, keeping the lists' room for the next save.</summary>
    internal void Clear()
    {
        All = false;
        _members.Clear();
        _elements.Clear();
        _resized.Clear();
    }
}

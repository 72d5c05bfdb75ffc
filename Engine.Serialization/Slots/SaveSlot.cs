using Engine.Serialization.Container;

namespace Engine.Serialization.Slots;

/// <summary>
/// One entry of a slot list: the slot's header and metadata, or why they couldn't be read; or both, for a save that
/// holds another model or another game's state, which a load would refuse.
/// </summary>
public sealed record SaveSlot(string Name, SaveInfo? Info, string? Problem)
{
    /// <summary>Whether the header and metadata were read; the payload is only checked by a load.</summary>
    public bool IsReadable => Info is not null;

    /// <summary>Whether a load may take it: readable, and this game's save of this model.</summary>
    public bool IsLoadable => Info is not null && Problem is null;
}

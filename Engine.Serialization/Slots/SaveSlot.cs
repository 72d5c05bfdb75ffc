using Engine.Serialization.Container;

namespace Engine.Serialization.Slots;

/// <summary>One entry of a slot list: the slot's header and metadata, or why they couldn't be read.</summary>
public sealed record SaveSlot(string Name, SaveInfo? Info, string? Problem)
{
    /// <summary>Whether the header and metadata were read; the payload is only checked by a load.</summary>
    public bool IsReadable => Info is not null;
}

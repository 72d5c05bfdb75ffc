using MessagePack;

namespace Engine.Core.Model;

/// <summary>How many of one item a character carries.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed class InventoryEntry
{
    public string ItemId { get; set; } = "";

    public int Count { get; set; } = 1;
}

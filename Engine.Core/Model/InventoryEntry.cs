using MessagePack;

namespace Engine.Core.Model;

/// <summary>How many of one item a character carries.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed partial class InventoryEntry
{
    public partial string ItemId { get; set; } = "";

    public partial int Count { get; set; } = 1;
}

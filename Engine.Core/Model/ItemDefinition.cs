using Engine.Serialization;
using MessagePack;

namespace Engine.Core.Model;

/// <summary>What an inventory item is: shared by every character that carries one.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed partial class ItemDefinition
{
    public partial string Id { get; set; } = "";

    public partial string Name { get; set; } = "";

    public partial string Description { get; set; } = "";

    public partial string Icon { get; set; } = "";

    public partial int Value { get; set; }

    public partial bool Stackable { get; set; }

    /// <summary>Ids of items this one can be used with.</summary>
    public partial TrackedList<string> CombinesWith { get; set; } = [];
}

using MessagePack;

namespace Engine.Core.Model;

/// <summary>What an inventory item is: shared by every character that carries one.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed class ItemDefinition
{
    public string Id { get; set; } = "";

    public string Name { get; set; } = "";

    public string Description { get; set; } = "";

    public string Icon { get; set; } = "";

    public int Value { get; set; }

    public bool Stackable { get; set; }

    /// <summary>Ids of items this one can be used with.</summary>
    public List<string> CombinesWith { get; set; } = [];
}

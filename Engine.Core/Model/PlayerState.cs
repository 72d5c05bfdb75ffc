using MessagePack;

namespace Engine.Core.Model;

/// <summary>What belongs to the player rather than to their character.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed class PlayerState
{
    public string CharacterId { get; set; } = "";

    public string Name { get; set; } = "";

    public int Score { get; set; }

    public int Moves { get; set; }

    /// <summary>The item the player is holding to use on something; empty if none.</summary>
    public string SelectedItemId { get; set; } = "";
}

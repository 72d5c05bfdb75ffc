using MessagePack;

namespace Engine.Core.Model;

/// <summary>What belongs to the player rather than to their character.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed partial class PlayerState
{
    public partial string CharacterId { get; set; } = "";

    public partial string Name { get; set; } = "";

    public partial int Score { get; set; }

    public partial int Moves { get; set; }

    /// <summary>The item the player is holding to use on something; empty if none.</summary>
    public partial string SelectedItemId { get; set; } = "";
}

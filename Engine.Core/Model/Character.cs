using Engine.Serialization;
using Engine.Core.Math;
using MessagePack;

namespace Engine.Core.Model;

/// <summary>A person or creature in the game, the player's character included.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed partial class Character
{
    public partial string Id { get; set; } = "";

    public partial string Name { get; set; } = "";

    public partial string CurrentRoomId { get; set; } = "";

    public partial Vector2 Position { get; set; }

    public partial Direction Facing { get; set; }

    public partial Color Tint { get; set; } = Color.White;

    public partial float WalkSpeed { get; set; } = 1f;

    public partial AnimationState Animation { get; set; } = new();

    public partial TrackedList<InventoryEntry> Inventory { get; set; } = [];

    /// <summary>The points still to walk through, nearest first; empty when standing.</summary>
    public partial TrackedList<Vector2> WalkPath { get; set; } = [];
}

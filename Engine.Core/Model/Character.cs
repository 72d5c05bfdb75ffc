using Engine.Core.Math;
using MessagePack;

namespace Engine.Core.Model;

/// <summary>A person or creature in the game, the player's character included.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed class Character
{
    public string Id { get; set; } = "";

    public string Name { get; set; } = "";

    public string CurrentRoomId { get; set; } = "";

    public Vector2 Position { get; set; }

    public Direction Facing { get; set; }

    public Color Tint { get; set; } = Color.White;

    public float WalkSpeed { get; set; } = 1f;

    public AnimationState Animation { get; set; } = new();

    public List<InventoryEntry> Inventory { get; set; } = [];

    /// <summary>The points still to walk through, nearest first; empty when standing.</summary>
    public List<Vector2> WalkPath { get; set; } = [];
}

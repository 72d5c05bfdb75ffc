using Engine.Core.Math;
using MessagePack;

namespace Engine.Core.Model;

/// <summary>A visible thing placed in a room; it may stand for an item the player can take.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed class RoomObject
{
    public string Id { get; set; } = "";

    public string Name { get; set; } = "";

    public string Sprite { get; set; } = "";

    public Vector2 Position { get; set; }

    public Color Tint { get; set; } = Color.White;

    public float Scale { get; set; } = 1f;

    /// <summary>Draw order: higher baselines are drawn in front.</summary>
    public int Baseline { get; set; }

    public bool Visible { get; set; } = true;

    /// <summary>The item the player gets when taking this object; empty if it can't be taken.</summary>
    public string ItemId { get; set; } = "";

    public List<string> Tags { get; set; } = [];
}

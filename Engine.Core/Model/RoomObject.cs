using Engine.Serialization;
using Engine.Core.Math;
using MessagePack;

namespace Engine.Core.Model;

/// <summary>A visible thing placed in a room; it may stand for an item the player can take.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed partial class RoomObject
{
    public partial string Id { get; set; } = "";

    public partial string Name { get; set; } = "";

    public partial string Sprite { get; set; } = "";

    public partial Vector2 Position { get; set; }

    public partial Color Tint { get; set; } = Color.White;

    public partial float Scale { get; set; } = 1f;

    /// <summary>Draw order: higher baselines are drawn in front.</summary>
    public partial int Baseline { get; set; }

    public partial bool Visible { get; set; } = true;

    /// <summary>The item the player gets when taking this object; empty if it can't be taken.</summary>
    public partial string ItemId { get; set; } = "";

    public partial TrackedList<string> Tags { get; set; } = [];
}

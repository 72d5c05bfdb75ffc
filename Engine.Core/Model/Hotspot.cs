using Engine.Core.Math;
using MessagePack;

namespace Engine.Core.Model;

/// <summary>An area of a room the player can look at or interact with.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed class Hotspot
{
    public string Id { get; set; } = "";

    public string Name { get; set; } = "";

    public string Description { get; set; } = "";

    public Rectangle Bounds { get; set; }

    /// <summary>Where a character walks to before interacting.</summary>
    public Vector2 WalkTo { get; set; }

    public CursorKind Cursor { get; set; }

    public bool Enabled { get; set; } = true;
}

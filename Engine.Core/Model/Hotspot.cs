using Engine.Core.Math;
using MessagePack;

namespace Engine.Core.Model;

/// <summary>An area of a room the player can look at or interact with.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed partial class Hotspot
{
    public partial string Id { get; set; } = "";

    public partial string Name { get; set; } = "";

    public partial string Description { get; set; } = "";

    public partial Rectangle Bounds { get; set; }

    /// <summary>Where a character walks to before interacting.</summary>
    public partial Vector2 WalkTo { get; set; }

    public partial CursorKind Cursor { get; set; }

    public partial bool Enabled { get; set; } = true;
}

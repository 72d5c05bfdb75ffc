using Engine.Core.Math;
using MessagePack;

namespace Engine.Core.Model;

/// <summary>What part of the current room is on screen.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed partial class Camera
{
    public partial Vector2 Position { get; set; }

    public partial float Zoom { get; set; } = 1f;

    /// <summary>The character the camera keeps on screen; empty for a fixed camera.</summary>
    public partial string FollowCharacterId { get; set; } = "";

    /// <summary>The area the camera may not leave.</summary>
    public partial Rectangle Bounds { get; set; }
}

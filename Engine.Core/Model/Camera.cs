using Engine.Core.Math;
using MessagePack;

namespace Engine.Core.Model;

/// <summary>What part of the current room is on screen.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed class Camera
{
    public Vector2 Position { get; set; }

    public float Zoom { get; set; } = 1f;

    /// <summary>The character the camera keeps on screen; empty for a fixed camera.</summary>
    public string FollowCharacterId { get; set; } = "";

    /// <summary>The area the camera may not leave.</summary>
    public Rectangle Bounds { get; set; }
}

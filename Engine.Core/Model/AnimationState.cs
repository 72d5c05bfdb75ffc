using MessagePack;

namespace Engine.Core.Model;

/// <summary>Where a character's current animation is.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed class AnimationState
{
    public string Name { get; set; } = "idle";

    public int Frame { get; set; }

    public float FrameTime { get; set; }

    public float Speed { get; set; } = 1f;

    public bool Looping { get; set; } = true;
}

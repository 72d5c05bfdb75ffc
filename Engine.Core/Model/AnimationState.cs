using MessagePack;

namespace Engine.Core.Model;

/// <summary>Where a character's current animation is.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed partial class AnimationState
{
    public partial string Name { get; set; } = "idle";

    public partial int Frame { get; set; }

    public partial float FrameTime { get; set; }

    public partial float Speed { get; set; } = 1f;

    public partial bool Looping { get; set; } = true;
}

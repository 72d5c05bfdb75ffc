using MessagePack;

namespace Engine.Core.Model;

/// <summary>The state of the game's random number generator, so a loaded game rolls the same dice.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed class RandomState
{
    public ulong S0 { get; set; }

    public ulong S1 { get; set; }

    public ulong S2 { get; set; }

    public ulong S3 { get; set; }
}

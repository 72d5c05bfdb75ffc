using MessagePack;

namespace Engine.Core.Model;

/// <summary>The state of the game's random number generator, so a loaded game rolls the same dice.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed partial class RandomState
{
    public partial ulong S0 { get; set; }

    public partial ulong S1 { get; set; }

    public partial ulong S2 { get; set; }

    public partial ulong S3 { get; set; }
}

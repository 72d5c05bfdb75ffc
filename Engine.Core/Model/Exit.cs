using Engine.Core.Math;
using MessagePack;

namespace Engine.Core.Model;

/// <summary>A way from one room to another.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed partial class Exit
{
    public partial Direction Direction { get; set; }

    public partial string TargetRoomId { get; set; } = "";

    public partial Vector2 Position { get; set; }

    public partial bool Locked { get; set; }

    /// <summary>The item that unlocks this exit; empty if none does.</summary>
    public partial string KeyItemId { get; set; } = "";
}

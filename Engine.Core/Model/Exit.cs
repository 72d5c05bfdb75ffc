using Engine.Core.Math;
using MessagePack;

namespace Engine.Core.Model;

/// <summary>A way from one room to another.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed class Exit
{
    public Direction Direction { get; set; }

    public string TargetRoomId { get; set; } = "";

    public Vector2 Position { get; set; }

    public bool Locked { get; set; }

    /// <summary>The item that unlocks this exit; empty if none does.</summary>
    public string KeyItemId { get; set; } = "";
}

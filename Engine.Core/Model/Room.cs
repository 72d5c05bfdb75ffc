using Engine.Serialization;
using Engine.Core.Math;
using MessagePack;

namespace Engine.Core.Model;

/// <summary>A place the player can be in: its hotspots, objects, exits and walkable area.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed partial class Room
{
    public partial string Id { get; set; } = "";

    public partial string Name { get; set; } = "";

    public partial string Description { get; set; } = "";

    public partial string BackgroundSprite { get; set; } = "";

    public partial string MusicTrack { get; set; } = "";

    public partial Vector2 Size { get; set; }

    public partial Color AmbientLight { get; set; } = Color.White;

    public partial bool Visited { get; set; }

    public partial TrackedList<Hotspot> Hotspots { get; set; } = [];

    public partial TrackedList<RoomObject> Objects { get; set; } = [];

    public partial TrackedList<Exit> Exits { get; set; } = [];

    /// <summary>Walk-behind height per cell; a negative value marks a cell that cannot be walked on.</summary>
    public partial HeightGrid WalkGrid { get; set; } = new();
}

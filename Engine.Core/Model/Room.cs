using Engine.Core.Math;
using MessagePack;

namespace Engine.Core.Model;

/// <summary>A place the player can be in: its hotspots, objects, exits and walkable area.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed class Room
{
    public string Id { get; set; } = "";

    public string Name { get; set; } = "";

    public string Description { get; set; } = "";

    public string BackgroundSprite { get; set; } = "";

    public string MusicTrack { get; set; } = "";

    public Vector2 Size { get; set; }

    public Color AmbientLight { get; set; } = Color.White;

    public bool Visited { get; set; }

    public List<Hotspot> Hotspots { get; set; } = [];

    public List<RoomObject> Objects { get; set; } = [];

    public List<Exit> Exits { get; set; } = [];

    /// <summary>Walk-behind height per cell; a negative value marks a cell that cannot be walked on.</summary>
    public HeightGrid WalkGrid { get; set; } = new();
}

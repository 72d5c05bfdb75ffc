using System.ComponentModel;
using Engine.Core.Math;
using Engine.Core.Model;
using ProtoBuf;

namespace Engine.Serialization.Formats.Protobuf.Surrogates;

[ProtoContract]
public sealed class RoomProto
{
    [ProtoMember(1), DefaultValue("")] public string Id = "";
    [ProtoMember(2), DefaultValue("")] public string Name = "";
    [ProtoMember(3), DefaultValue("")] public string Description = "";
    [ProtoMember(4), DefaultValue("")] public string BackgroundSprite = "";
    [ProtoMember(5), DefaultValue("")] public string MusicTrack = "";
    [ProtoMember(6)] public Vector2 Size;
    [ProtoMember(7)] public Color? AmbientLight;
    [ProtoMember(8)] public bool Visited;
    [ProtoMember(9)] public List<Hotspot>? Hotspots;
    [ProtoMember(10)] public List<RoomObject>? Objects;
    [ProtoMember(11)] public List<Exit>? Exits;
    [ProtoMember(12)] public HeightGrid? WalkGrid;

    public static implicit operator RoomProto?(Room? model) => model is null ? null : new()
    {
        Id = model.Id,
        Name = model.Name,
        Description = model.Description,
        BackgroundSprite = model.BackgroundSprite,
        MusicTrack = model.MusicTrack,
        Size = model.Size,
        AmbientLight = model.AmbientLight,
        Visited = model.Visited,
        Hotspots = model.Hotspots,
        Objects = model.Objects,
        Exits = model.Exits,
        WalkGrid = model.WalkGrid,
    };

    public static implicit operator Room?(RoomProto? proto) => proto is null ? null : DecodeBudget.Checked(new Room
    {
        Id = proto.Id,
        Name = proto.Name,
        Description = proto.Description,
        BackgroundSprite = proto.BackgroundSprite,
        MusicTrack = proto.MusicTrack,
        Size = proto.Size,
        AmbientLight = proto.AmbientLight ?? Color.White,
        Visited = proto.Visited,
        Hotspots = proto.Hotspots ?? [],
        Objects = proto.Objects ?? [],
        Exits = proto.Exits ?? [],
        WalkGrid = proto.WalkGrid ?? new(),
    });
}

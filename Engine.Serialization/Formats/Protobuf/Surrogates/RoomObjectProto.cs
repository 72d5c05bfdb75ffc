using System.ComponentModel;
using Engine.Core.Math;
using Engine.Core.Model;
using ProtoBuf;

namespace Engine.Serialization.Formats.Protobuf.Surrogates;

[ProtoContract]
public sealed class RoomObjectProto
{
    [ProtoMember(1), DefaultValue("")] public string Id = "";
    [ProtoMember(2), DefaultValue("")] public string Name = "";
    [ProtoMember(3), DefaultValue("")] public string Sprite = "";
    [ProtoMember(4)] public Vector2 Position;
    [ProtoMember(5)] public Color? Tint;
    [ProtoMember(6), DefaultValue(1f)] public float Scale = 1f;
    [ProtoMember(7)] public int Baseline;
    [ProtoMember(8), DefaultValue(true)] public bool Visible = true;
    [ProtoMember(9), DefaultValue("")] public string ItemId = "";
    [ProtoMember(10)] public List<string>? Tags;

    public static implicit operator RoomObjectProto?(RoomObject? model) => model is null ? null : new()
    {
        Id = model.Id,
        Name = model.Name,
        Sprite = model.Sprite,
        Position = model.Position,
        Tint = model.Tint,
        Scale = model.Scale,
        Baseline = model.Baseline,
        Visible = model.Visible,
        ItemId = model.ItemId,
        Tags = model.Tags,
    };

    public static implicit operator RoomObject?(RoomObjectProto? proto) => proto is null ? null : DecodeBudget.Checked(new RoomObject
    {
        Id = proto.Id,
        Name = proto.Name,
        Sprite = proto.Sprite,
        Position = proto.Position,
        Tint = proto.Tint ?? Color.White,
        Scale = proto.Scale,
        Baseline = proto.Baseline,
        Visible = proto.Visible,
        ItemId = proto.ItemId,
        Tags = proto.Tags ?? [],
    });
}

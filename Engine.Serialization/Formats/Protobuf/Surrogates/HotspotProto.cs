using System.ComponentModel;
using Engine.Core.Math;
using Engine.Core.Model;
using ProtoBuf;

namespace Engine.Serialization.Formats.Protobuf.Surrogates;

[ProtoContract]
public sealed class HotspotProto
{
    [ProtoMember(1), DefaultValue("")] public string Id = "";
    [ProtoMember(2), DefaultValue("")] public string Name = "";
    [ProtoMember(3), DefaultValue("")] public string Description = "";
    [ProtoMember(4)] public Rectangle Bounds;
    [ProtoMember(5)] public Vector2 WalkTo;
    [ProtoMember(6)] public CursorKind Cursor;
    [ProtoMember(7), DefaultValue(true)] public bool Enabled = true;

    public static implicit operator HotspotProto?(Hotspot? model) => model is null ? null : new()
    {
        Id = model.Id,
        Name = model.Name,
        Description = model.Description,
        Bounds = model.Bounds,
        WalkTo = model.WalkTo,
        Cursor = model.Cursor,
        Enabled = model.Enabled,
    };

    public static implicit operator Hotspot?(HotspotProto? proto) => proto is null ? null : DecodeBudget.Checked(new Hotspot
    {
        Id = proto.Id,
        Name = proto.Name,
        Description = proto.Description,
        Bounds = proto.Bounds,
        WalkTo = proto.WalkTo,
        Cursor = proto.Cursor,
        Enabled = proto.Enabled,
    });
}

using System.ComponentModel;
using Engine.Core.Math;
using Engine.Core.Model;
using ProtoBuf;

namespace Engine.Serialization.Formats.Protobuf.Surrogates;

[ProtoContract]
public sealed class CameraProto
{
    [ProtoMember(1)] public Vector2 Position;
    [ProtoMember(2), DefaultValue(1f)] public float Zoom = 1f;
    [ProtoMember(3), DefaultValue("")] public string FollowCharacterId = "";
    [ProtoMember(4)] public Rectangle Bounds;

    public static implicit operator CameraProto?(Camera? model) => model is null ? null : new()
    {
        Position = model.Position,
        Zoom = model.Zoom,
        FollowCharacterId = model.FollowCharacterId,
        Bounds = model.Bounds,
    };

    public static implicit operator Camera?(CameraProto? proto) => proto is null ? null : DecodeBudget.Checked(new Camera
    {
        Position = proto.Position,
        Zoom = proto.Zoom,
        FollowCharacterId = proto.FollowCharacterId,
        Bounds = proto.Bounds,
    });
}

using System.ComponentModel;
using Engine.Core.Math;
using Engine.Core.Model;
using ProtoBuf;

namespace Engine.Serialization.Formats.Protobuf.Surrogates;

[ProtoContract]
public sealed class ExitProto
{
    [ProtoMember(1)] public Direction Direction;
    [ProtoMember(2), DefaultValue("")] public string TargetRoomId = "";
    [ProtoMember(3)] public Vector2 Position;
    [ProtoMember(4)] public bool Locked;
    [ProtoMember(5), DefaultValue("")] public string KeyItemId = "";

    public static implicit operator ExitProto?(Exit? model) => model is null ? null : new()
    {
        Direction = model.Direction,
        TargetRoomId = model.TargetRoomId,
        Position = model.Position,
        Locked = model.Locked,
        KeyItemId = model.KeyItemId,
    };

    public static implicit operator Exit?(ExitProto? proto) => proto is null ? null : DecodeBudget.Checked(new Exit
    {
        Direction = proto.Direction,
        TargetRoomId = proto.TargetRoomId,
        Position = proto.Position,
        Locked = proto.Locked,
        KeyItemId = proto.KeyItemId,
    });
}

using Engine.Core.Math;
using ProtoBuf;

namespace Engine.Serialization.Formats.Protobuf.Surrogates;

[ProtoContract]
public struct RectangleProto
{
    [ProtoMember(1)] public float X;
    [ProtoMember(2)] public float Y;
    [ProtoMember(3)] public float Width;
    [ProtoMember(4)] public float Height;

    public static implicit operator RectangleProto(Rectangle model) =>
        new() { X = model.X, Y = model.Y, Width = model.Width, Height = model.Height };

    public static implicit operator Rectangle(RectangleProto proto) => new(proto.X, proto.Y, proto.Width, proto.Height);
}

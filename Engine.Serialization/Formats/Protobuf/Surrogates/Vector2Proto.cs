using Engine.Core.Math;
using ProtoBuf;

namespace Engine.Serialization.Formats.Protobuf.Surrogates;

[ProtoContract]
public struct Vector2Proto
{
    [ProtoMember(1)] public float X;
    [ProtoMember(2)] public float Y;

    public static implicit operator Vector2Proto(Vector2 model) => new() { X = model.X, Y = model.Y };

    public static implicit operator Vector2(Vector2Proto proto) => new(proto.X, proto.Y);
}

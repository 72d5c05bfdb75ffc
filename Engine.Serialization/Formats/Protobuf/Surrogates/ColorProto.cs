using Engine.Core.Math;
using ProtoBuf;

namespace Engine.Serialization.Formats.Protobuf.Surrogates;

/// <summary>
/// Members of this type are declared <c>Color?</c> in the other surrogates: the model defaults them
/// to white, and only a nullable member tells an absent color (white) from a written one.
/// </summary>
[ProtoContract]
public struct ColorProto
{
    [ProtoMember(1)] public byte R;
    [ProtoMember(2)] public byte G;
    [ProtoMember(3)] public byte B;
    [ProtoMember(4)] public byte A;

    public static implicit operator ColorProto(Color model) => new() { R = model.R, G = model.G, B = model.B, A = model.A };

    public static implicit operator Color(ColorProto proto) => new(proto.R, proto.G, proto.B, proto.A);
}

using Engine.Core.Model;
using ProtoBuf;

namespace Engine.Serialization.Formats.Protobuf.Surrogates;

/// <summary>Fixed-size fields: the generator's state is uniformly random bits, which a varint would make longer.</summary>
[ProtoContract]
public sealed class RandomStateProto
{
    [ProtoMember(1, DataFormat = DataFormat.FixedSize)] public ulong S0;
    [ProtoMember(2, DataFormat = DataFormat.FixedSize)] public ulong S1;
    [ProtoMember(3, DataFormat = DataFormat.FixedSize)] public ulong S2;
    [ProtoMember(4, DataFormat = DataFormat.FixedSize)] public ulong S3;

    public static implicit operator RandomStateProto?(RandomState? model) => model is null ? null : new()
    {
        S0 = model.S0,
        S1 = model.S1,
        S2 = model.S2,
        S3 = model.S3,
    };

    public static implicit operator RandomState?(RandomStateProto? proto) => proto is null ? null : DecodeBudget.Checked(new RandomState
    {
        S0 = proto.S0,
        S1 = proto.S1,
        S2 = proto.S2,
        S3 = proto.S3,
    });
}

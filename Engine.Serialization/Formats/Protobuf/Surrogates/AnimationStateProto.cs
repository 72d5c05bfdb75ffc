using System.ComponentModel;
using Engine.Core.Model;
using ProtoBuf;

namespace Engine.Serialization.Formats.Protobuf.Surrogates;

[ProtoContract]
public sealed class AnimationStateProto
{
    [ProtoMember(1), DefaultValue("idle")] public string Name = "idle";
    [ProtoMember(2)] public int Frame;
    [ProtoMember(3)] public float FrameTime;
    [ProtoMember(4), DefaultValue(1f)] public float Speed = 1f;
    [ProtoMember(5), DefaultValue(true)] public bool Looping = true;

    public static implicit operator AnimationStateProto?(AnimationState? model) => model is null ? null : new()
    {
        Name = model.Name,
        Frame = model.Frame,
        FrameTime = model.FrameTime,
        Speed = model.Speed,
        Looping = model.Looping,
    };

    public static implicit operator AnimationState?(AnimationStateProto? proto) => proto is null ? null : DecodeBudget.Checked(new AnimationState
    {
        Name = proto.Name,
        Frame = proto.Frame,
        FrameTime = proto.FrameTime,
        Speed = proto.Speed,
        Looping = proto.Looping,
    });
}

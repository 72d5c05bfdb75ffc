using System.ComponentModel;
using Engine.Core.Model;
using ProtoBuf;

namespace Engine.Serialization.Formats.Protobuf.Surrogates;

[ProtoContract]
public sealed class GameTimerProto
{
    [ProtoMember(1), DefaultValue("")] public string Id = "";
    [ProtoMember(2)] public double RemainingSeconds;
    [ProtoMember(3)] public double IntervalSeconds;
    [ProtoMember(4)] public bool Repeating;
    [ProtoMember(5)] public bool Paused;
    [ProtoMember(6), DefaultValue("")] public string EventName = "";

    public static implicit operator GameTimerProto?(GameTimer? model) => model is null ? null : new()
    {
        Id = model.Id,
        RemainingSeconds = model.RemainingSeconds,
        IntervalSeconds = model.IntervalSeconds,
        Repeating = model.Repeating,
        Paused = model.Paused,
        EventName = model.EventName,
    };

    public static implicit operator GameTimer?(GameTimerProto? proto) => proto is null ? null : DecodeBudget.Checked(new GameTimer
    {
        Id = proto.Id,
        RemainingSeconds = proto.RemainingSeconds,
        IntervalSeconds = proto.IntervalSeconds,
        Repeating = proto.Repeating,
        Paused = proto.Paused,
        EventName = proto.EventName,
    });
}

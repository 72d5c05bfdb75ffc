using System.ComponentModel;
using Engine.Core.Model;
using ProtoBuf;

namespace Engine.Serialization.Formats.Protobuf.Surrogates;

[ProtoContract]
public sealed class LogMessageProto
{
    [ProtoMember(1)] public double TimeSeconds;
    [ProtoMember(2)] public MessageKind Kind;
    [ProtoMember(3), DefaultValue("")] public string Speaker = "";
    [ProtoMember(4), DefaultValue("")] public string Text = "";

    public static implicit operator LogMessageProto?(LogMessage? model) => model is null ? null : new()
    {
        TimeSeconds = model.TimeSeconds,
        Kind = model.Kind,
        Speaker = model.Speaker,
        Text = model.Text,
    };

    public static implicit operator LogMessage?(LogMessageProto? proto) => proto is null ? null : DecodeBudget.Checked(new LogMessage
    {
        TimeSeconds = proto.TimeSeconds,
        Kind = proto.Kind,
        Speaker = proto.Speaker,
        Text = proto.Text,
    });
}

using System.ComponentModel;
using Engine.Core.Model;
using ProtoBuf;

namespace Engine.Serialization.Formats.Protobuf.Surrogates;

[ProtoContract]
public sealed class DialogProgressProto
{
    [ProtoMember(1), DefaultValue("")] public string DialogId = "";
    [ProtoMember(2), DefaultValue("")] public string CurrentNodeId = "";
    [ProtoMember(3)] public List<string>? ChosenOptionIds;
    [ProtoMember(4)] public bool Finished;

    public static implicit operator DialogProgressProto?(DialogProgress? model) => model is null ? null : new()
    {
        DialogId = model.DialogId,
        CurrentNodeId = model.CurrentNodeId,
        ChosenOptionIds = model.ChosenOptionIds,
        Finished = model.Finished,
    };

    public static implicit operator DialogProgress?(DialogProgressProto? proto) => proto is null ? null : DecodeBudget.Checked(new DialogProgress
    {
        DialogId = proto.DialogId,
        CurrentNodeId = proto.CurrentNodeId,
        ChosenOptionIds = proto.ChosenOptionIds ?? [],
        Finished = proto.Finished,
    });
}

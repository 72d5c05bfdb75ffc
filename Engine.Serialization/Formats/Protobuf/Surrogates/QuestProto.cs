using System.ComponentModel;
using Engine.Core.Model;
using ProtoBuf;

namespace Engine.Serialization.Formats.Protobuf.Surrogates;

[ProtoContract]
public sealed class QuestProto
{
    [ProtoMember(1), DefaultValue("")] public string Id = "";
    [ProtoMember(2), DefaultValue("")] public string Title = "";
    [ProtoMember(3)] public QuestStatus Status;
    [ProtoMember(4)] public int Step;
    [ProtoMember(5)] public List<string>? CompletedObjectives;

    public static implicit operator QuestProto?(Quest? model) => model is null ? null : new()
    {
        Id = model.Id,
        Title = model.Title,
        Status = model.Status,
        Step = model.Step,
        CompletedObjectives = model.CompletedObjectives,
    };

    public static implicit operator Quest?(QuestProto? proto) => proto is null ? null : DecodeBudget.Checked(new Quest
    {
        Id = proto.Id,
        Title = proto.Title,
        Status = proto.Status,
        Step = proto.Step,
        CompletedObjectives = proto.CompletedObjectives ?? [],
    });
}

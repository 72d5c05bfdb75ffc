using System.ComponentModel;
using Engine.Core.Model;
using ProtoBuf;

namespace Engine.Serialization.Formats.Protobuf.Surrogates;

[ProtoContract]
public sealed class ItemDefinitionProto
{
    [ProtoMember(1), DefaultValue("")] public string Id = "";
    [ProtoMember(2), DefaultValue("")] public string Name = "";
    [ProtoMember(3), DefaultValue("")] public string Description = "";
    [ProtoMember(4), DefaultValue("")] public string Icon = "";
    [ProtoMember(5)] public int Value;
    [ProtoMember(6)] public bool Stackable;
    [ProtoMember(7)] public List<string>? CombinesWith;

    public static implicit operator ItemDefinitionProto?(ItemDefinition? model) => model is null ? null : new()
    {
        Id = model.Id,
        Name = model.Name,
        Description = model.Description,
        Icon = model.Icon,
        Value = model.Value,
        Stackable = model.Stackable,
        CombinesWith = model.CombinesWith,
    };

    public static implicit operator ItemDefinition?(ItemDefinitionProto? proto) => proto is null ? null : DecodeBudget.Checked(new ItemDefinition
    {
        Id = proto.Id,
        Name = proto.Name,
        Description = proto.Description,
        Icon = proto.Icon,
        Value = proto.Value,
        Stackable = proto.Stackable,
        CombinesWith = proto.CombinesWith ?? [],
    });
}

using System.ComponentModel;
using Engine.Core.Model;
using ProtoBuf;

namespace Engine.Serialization.Formats.Protobuf.Surrogates;

[ProtoContract]
public sealed class GlobalVariablesProto
{
    [ProtoMember(1)] public List<IntVariable>? Ints;
    [ProtoMember(2)] public List<StringVariable>? Strings;
    [ProtoMember(3)] public List<BoolVariable>? Bools;

    public static implicit operator GlobalVariablesProto?(GlobalVariables? model) => model is null ? null : new()
    {
        Ints = model.Ints,
        Strings = model.Strings,
        Bools = model.Bools,
    };

    public static implicit operator GlobalVariables?(GlobalVariablesProto? proto) => proto is null ? null : DecodeBudget.Checked(new GlobalVariables
    {
        Ints = proto.Ints ?? [],
        Strings = proto.Strings ?? [],
        Bools = proto.Bools ?? [],
    });
}

[ProtoContract]
public sealed class IntVariableProto
{
    [ProtoMember(1), DefaultValue("")] public string Name = "";
    [ProtoMember(2)] public int Value;

    public static implicit operator IntVariableProto?(IntVariable? model) => model is null ? null : new()
    {
        Name = model.Name,
        Value = model.Value,
    };

    public static implicit operator IntVariable?(IntVariableProto? proto) => proto is null ? null : DecodeBudget.Checked(new IntVariable
    {
        Name = proto.Name,
        Value = proto.Value,
    });
}

[ProtoContract]
public sealed class StringVariableProto
{
    [ProtoMember(1), DefaultValue("")] public string Name = "";
    [ProtoMember(2), DefaultValue("")] public string Value = "";

    public static implicit operator StringVariableProto?(StringVariable? model) => model is null ? null : new()
    {
        Name = model.Name,
        Value = model.Value,
    };

    public static implicit operator StringVariable?(StringVariableProto? proto) => proto is null ? null : DecodeBudget.Checked(new StringVariable
    {
        Name = proto.Name,
        Value = proto.Value,
    });
}

[ProtoContract]
public sealed class BoolVariableProto
{
    [ProtoMember(1), DefaultValue("")] public string Name = "";
    [ProtoMember(2)] public bool Value;

    public static implicit operator BoolVariableProto?(BoolVariable? model) => model is null ? null : new()
    {
        Name = model.Name,
        Value = model.Value,
    };

    public static implicit operator BoolVariable?(BoolVariableProto? proto) => proto is null ? null : DecodeBudget.Checked(new BoolVariable
    {
        Name = proto.Name,
        Value = proto.Value,
    });
}

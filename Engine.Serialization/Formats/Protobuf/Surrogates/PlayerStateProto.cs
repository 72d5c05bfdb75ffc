using System.ComponentModel;
using Engine.Core.Model;
using ProtoBuf;

namespace Engine.Serialization.Formats.Protobuf.Surrogates;

[ProtoContract]
public sealed class PlayerStateProto
{
    [ProtoMember(1), DefaultValue("")] public string CharacterId = "";
    [ProtoMember(2), DefaultValue("")] public string Name = "";
    [ProtoMember(3)] public int Score;
    [ProtoMember(4)] public int Moves;
    [ProtoMember(5), DefaultValue("")] public string SelectedItemId = "";

    public static implicit operator PlayerStateProto?(PlayerState? model) => model is null ? null : new()
    {
        CharacterId = model.CharacterId,
        Name = model.Name,
        Score = model.Score,
        Moves = model.Moves,
        SelectedItemId = model.SelectedItemId,
    };

    public static implicit operator PlayerState?(PlayerStateProto? proto) => proto is null ? null : DecodeBudget.Checked(new PlayerState
    {
        CharacterId = proto.CharacterId,
        Name = proto.Name,
        Score = proto.Score,
        Moves = proto.Moves,
        SelectedItemId = proto.SelectedItemId,
    });
}

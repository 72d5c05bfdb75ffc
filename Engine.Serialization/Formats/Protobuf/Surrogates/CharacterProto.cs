using System.ComponentModel;
using Engine.Core.Math;
using Engine.Core.Model;
using ProtoBuf;

namespace Engine.Serialization.Formats.Protobuf.Surrogates;

[ProtoContract]
public sealed class CharacterProto
{
    [ProtoMember(1), DefaultValue("")] public string Id = "";
    [ProtoMember(2), DefaultValue("")] public string Name = "";
    [ProtoMember(3), DefaultValue("")] public string CurrentRoomId = "";
    [ProtoMember(4)] public Vector2 Position;
    [ProtoMember(5)] public Direction Facing;
    [ProtoMember(6)] public Color? Tint;
    [ProtoMember(7), DefaultValue(1f)] public float WalkSpeed = 1f;
    [ProtoMember(8)] public AnimationState? Animation;
    [ProtoMember(9)] public List<InventoryEntry>? Inventory;
    [ProtoMember(10)] public List<Vector2>? WalkPath;

    public static implicit operator CharacterProto?(Character? model) => model is null ? null : new()
    {
        Id = model.Id,
        Name = model.Name,
        CurrentRoomId = model.CurrentRoomId,
        Position = model.Position,
        Facing = model.Facing,
        Tint = model.Tint,
        WalkSpeed = model.WalkSpeed,
        Animation = model.Animation,
        Inventory = model.Inventory,
        WalkPath = model.WalkPath,
    };

    public static implicit operator Character?(CharacterProto? proto) => proto is null ? null : DecodeBudget.Checked(new Character
    {
        Id = proto.Id,
        Name = proto.Name,
        CurrentRoomId = proto.CurrentRoomId,
        Position = proto.Position,
        Facing = proto.Facing,
        Tint = proto.Tint ?? Color.White,
        WalkSpeed = proto.WalkSpeed,
        Animation = proto.Animation ?? new(),
        Inventory = proto.Inventory ?? [],
        WalkPath = proto.WalkPath ?? [],
    });
}

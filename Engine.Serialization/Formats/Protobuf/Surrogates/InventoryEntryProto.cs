using System.ComponentModel;
using Engine.Core.Model;
using ProtoBuf;

namespace Engine.Serialization.Formats.Protobuf.Surrogates;

[ProtoContract]
public sealed class InventoryEntryProto
{
    [ProtoMember(1), DefaultValue("")] public string ItemId = "";
    [ProtoMember(2), DefaultValue(1)] public int Count = 1;

    public static implicit operator InventoryEntryProto?(InventoryEntry? model) => model is null ? null : new()
    {
        ItemId = model.ItemId,
        Count = model.Count,
    };

    public static implicit operator InventoryEntry?(InventoryEntryProto? proto) => proto is null ? null : DecodeBudget.Checked(new InventoryEntry
    {
        ItemId = proto.ItemId,
        Count = proto.Count,
    });
}

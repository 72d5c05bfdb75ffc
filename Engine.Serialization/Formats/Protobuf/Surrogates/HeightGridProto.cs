using Engine.Core.Model;
using ProtoBuf;

namespace Engine.Serialization.Formats.Protobuf.Surrogates;

[ProtoContract]
public sealed class HeightGridProto
{
    [ProtoMember(1)] public int Width;
    [ProtoMember(2)] public int Height;
    [ProtoMember(3, IsPacked = true)] public float[]? Cells;

    public static implicit operator HeightGridProto?(HeightGrid? model) => model is null ? null : new()
    {
        Width = model.Width,
        Height = model.Height,
        Cells = model.Cells,
    };

    public static implicit operator HeightGrid?(HeightGridProto? proto) => proto is null ? null : DecodeBudget.Checked(new HeightGrid
    {
        Width = proto.Width,
        Height = proto.Height,
        Cells = proto.Cells ?? [],
    });
}

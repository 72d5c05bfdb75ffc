using Engine.Core.Math;
using Engine.Core.Model;
using Engine.Serialization.Formats.Protobuf.Surrogates;
using ProtoBuf;
using ProtoBuf.Meta;

namespace Engine.Serialization.Formats.Protobuf;

/// <summary>
/// The protobuf model of <see cref="GameContent"/>, compiled at build time by protobuf-net's source
/// generator: no reflection or dynamic code at run time, so it works under NativeAOT. The model's
/// types carry no protobuf attributes; each is written through a public [ProtoContract] surrogate
/// in <c>Surrogates/</c>, which owns the field numbers. <c>GameContent.proto</c> describes the same
/// messages for any other protobuf reader.
/// </summary>
// Field numbers and [DefaultValue] literals are part of the save format: never reuse or renumber a
// field, never change a default (an omitted field means that default), and mark a removed member's
// number reserved in GameContent.proto.
[ProtoModel]
[ProtoSerializable(typeof(GameContent))]
[ProtoSurrogate(typeof(GameContent), typeof(GameContentProto))]
[ProtoSurrogate(typeof(Room), typeof(RoomProto))]
[ProtoSurrogate(typeof(Hotspot), typeof(HotspotProto))]
[ProtoSurrogate(typeof(RoomObject), typeof(RoomObjectProto))]
[ProtoSurrogate(typeof(Exit), typeof(ExitProto))]
[ProtoSurrogate(typeof(HeightGrid), typeof(HeightGridProto))]
[ProtoSurrogate(typeof(ItemDefinition), typeof(ItemDefinitionProto))]
[ProtoSurrogate(typeof(Character), typeof(CharacterProto))]
[ProtoSurrogate(typeof(AnimationState), typeof(AnimationStateProto))]
[ProtoSurrogate(typeof(InventoryEntry), typeof(InventoryEntryProto))]
[ProtoSurrogate(typeof(PlayerState), typeof(PlayerStateProto))]
[ProtoSurrogate(typeof(Camera), typeof(CameraProto))]
[ProtoSurrogate(typeof(DialogProgress), typeof(DialogProgressProto))]
[ProtoSurrogate(typeof(GlobalVariables), typeof(GlobalVariablesProto))]
[ProtoSurrogate(typeof(IntVariable), typeof(IntVariableProto))]
[ProtoSurrogate(typeof(StringVariable), typeof(StringVariableProto))]
[ProtoSurrogate(typeof(BoolVariable), typeof(BoolVariableProto))]
[ProtoSurrogate(typeof(Quest), typeof(QuestProto))]
[ProtoSurrogate(typeof(GameTimer), typeof(GameTimerProto))]
[ProtoSurrogate(typeof(RandomState), typeof(RandomStateProto))]
[ProtoSurrogate(typeof(LogMessage), typeof(LogMessageProto))]
[ProtoSurrogate(typeof(Vector2), typeof(Vector2Proto))]
[ProtoSurrogate(typeof(Color), typeof(ColorProto))]
[ProtoSurrogate(typeof(Rectangle), typeof(RectangleProto))]
internal partial class GameContentProtoModel : TypeModel
{
}

using System.ComponentModel;
using Engine.Core.Model;
using ProtoBuf;

namespace Engine.Serialization.Formats.Protobuf.Surrogates;

[ProtoContract]
public sealed class GameContentProto
{
    // The literal 1, not CurrentSchemaVersion: an omitted field must keep meaning schema 1 after a bump.
    [ProtoMember(1), DefaultValue(1)] public int SchemaVersion = 1;
    [ProtoMember(2), DefaultValue("")] public string GameId = "";
    [ProtoMember(3), DefaultValue("")] public string Title = "";
    [ProtoMember(4)] public List<Room>? Rooms;
    [ProtoMember(5)] public List<ItemDefinition>? Items;
    [ProtoMember(6)] public List<Character>? Characters;
    [ProtoMember(7)] public PlayerState? Player;
    [ProtoMember(8)] public Camera? Camera;
    [ProtoMember(9)] public List<DialogProgress>? Dialogs;
    [ProtoMember(10)] public GlobalVariables? Variables;
    [ProtoMember(11)] public List<Quest>? Quests;
    [ProtoMember(12)] public List<GameTimer>? Timers;
    [ProtoMember(13)] public RandomState? Random;
    [ProtoMember(14)] public List<LogMessage>? MessageLog;
    [ProtoMember(15)] public double PlayTimeSeconds;

    public static implicit operator GameContentProto?(GameContent? model) => model is null ? null : new()
    {
        SchemaVersion = model.SchemaVersion,
        GameId = model.GameId,
        Title = model.Title,
        Rooms = model.Rooms,
        Items = model.Items,
        Characters = model.Characters,
        Player = model.Player,
        Camera = model.Camera,
        Dialogs = model.Dialogs,
        Variables = model.Variables,
        Quests = model.Quests,
        Timers = model.Timers,
        Random = model.Random,
        MessageLog = model.MessageLog,
        PlayTimeSeconds = model.PlayTimeSeconds,
    };

    public static implicit operator GameContent?(GameContentProto? proto) => proto is null ? null : DecodeBudget.Checked(new GameContent
    {
        SchemaVersion = proto.SchemaVersion,
        GameId = proto.GameId,
        Title = proto.Title,
        Rooms = proto.Rooms ?? [],
        Items = proto.Items ?? [],
        Characters = proto.Characters ?? [],
        Player = proto.Player ?? new(),
        Camera = proto.Camera ?? new(),
        Dialogs = proto.Dialogs ?? [],
        Variables = proto.Variables ?? new(),
        Quests = proto.Quests ?? [],
        Timers = proto.Timers ?? [],
        Random = proto.Random ?? new(),
        MessageLog = proto.MessageLog ?? [],
        PlayTimeSeconds = proto.PlayTimeSeconds,
    });
}

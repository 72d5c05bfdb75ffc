using Engine.Core.Math;
using Engine.Core.Model;
using MemoryPack;

namespace Benchmarks.Peer;

// MemoryPack's own mirror of the GameContent model, member for member, in its version-tolerant
// mode (each member written with its order and length, so members can be added and removed).
// The engine's math types and enums are unmanaged, so MemoryPack copies them as raw bytes.
// Benchmarks only: MemoryPack never enters the engine.

[MemoryPackable(GenerateType.VersionTolerant, SerializeLayout.Sequential)]
public sealed partial class GameContentPack
{
    public int SchemaVersion { get; set; }
    public string GameId { get; set; } = "";
    public string Title { get; set; } = "";
    public List<RoomPack> Rooms { get; set; } = [];
    public List<ItemDefinitionPack> Items { get; set; } = [];
    public List<CharacterPack> Characters { get; set; } = [];
    public PlayerStatePack Player { get; set; } = new();
    public CameraPack Camera { get; set; } = new();
    public List<DialogProgressPack> Dialogs { get; set; } = [];
    public GlobalVariablesPack Variables { get; set; } = new();
    public List<QuestPack> Quests { get; set; } = [];
    public List<GameTimerPack> Timers { get; set; } = [];
    public RandomStatePack Random { get; set; } = new();
    public List<LogMessagePack> MessageLog { get; set; } = [];
    public double PlayTimeSeconds { get; set; }
}

[MemoryPackable(GenerateType.VersionTolerant, SerializeLayout.Sequential)]
public sealed partial class RoomPack
{
    public string Id { get; set; } = "";
    public string Name { get; set; } = "";
    public string Description { get; set; } = "";
    public string BackgroundSprite { get; set; } = "";
    public string MusicTrack { get; set; } = "";
    public Vector2 Size { get; set; }
    public Color AmbientLight { get; set; }
    public bool Visited { get; set; }
    public List<HotspotPack> Hotspots { get; set; } = [];
    public List<RoomObjectPack> Objects { get; set; } = [];
    public List<ExitPack> Exits { get; set; } = [];
    public HeightGridPack WalkGrid { get; set; } = new();
}

[MemoryPackable(GenerateType.VersionTolerant, SerializeLayout.Sequential)]
public sealed partial class HeightGridPack
{
    public int Width { get; set; }
    public int Height { get; set; }
    public float[] Cells { get; set; } = [];
}

[MemoryPackable(GenerateType.VersionTolerant, SerializeLayout.Sequential)]
public sealed partial class HotspotPack
{
    public string Id { get; set; } = "";
    public string Name { get; set; } = "";
    public string Description { get; set; } = "";
    public Rectangle Bounds { get; set; }
    public Vector2 WalkTo { get; set; }
    public CursorKind Cursor { get; set; }
    public bool Enabled { get; set; }
}

[MemoryPackable(GenerateType.VersionTolerant, SerializeLayout.Sequential)]
public sealed partial class RoomObjectPack
{
    public string Id { get; set; } = "";
    public string Name { get; set; } = "";
    public string Sprite { get; set; } = "";
    public Vector2 Position { get; set; }
    public Color Tint { get; set; }
    public float Scale { get; set; }
    public int Baseline { get; set; }
    public bool Visible { get; set; }
    public string ItemId { get; set; } = "";
    public List<string> Tags { get; set; } = [];
}

[MemoryPackable(GenerateType.VersionTolerant, SerializeLayout.Sequential)]
public sealed partial class ExitPack
{
    public Direction Direction { get; set; }
    public string TargetRoomId { get; set; } = "";
    public Vector2 Position { get; set; }
    public bool Locked { get; set; }
    public string KeyItemId { get; set; } = "";
}

[MemoryPackable(GenerateType.VersionTolerant, SerializeLayout.Sequential)]
public sealed partial class ItemDefinitionPack
{
    public string Id { get; set; } = "";
    public string Name { get; set; } = "";
    public string Description { get; set; } = "";
    public string Icon { get; set; } = "";
    public int Value { get; set; }
    public bool Stackable { get; set; }
    public List<string> CombinesWith { get; set; } = [];
}

[MemoryPackable(GenerateType.VersionTolerant, SerializeLayout.Sequential)]
public sealed partial class CharacterPack
{
    public string Id { get; set; } = "";
    public string Name { get; set; } = "";
    public string CurrentRoomId { get; set; } = "";
    public Vector2 Position { get; set; }
    public Direction Facing { get; set; }
    public Color Tint { get; set; }
    public float WalkSpeed { get; set; }
    public AnimationStatePack Animation { get; set; } = new();
    public List<InventoryEntryPack> Inventory { get; set; } = [];
    public List<Vector2> WalkPath { get; set; } = [];
}

[MemoryPackable(GenerateType.VersionTolerant, SerializeLayout.Sequential)]
public sealed partial class AnimationStatePack
{
    public string Name { get; set; } = "";
    public int Frame { get; set; }
    public float FrameTime { get; set; }
    public float Speed { get; set; }
    public bool Looping { get; set; }
}

[MemoryPackable(GenerateType.VersionTolerant, SerializeLayout.Sequential)]
public sealed partial class InventoryEntryPack
{
    public string ItemId { get; set; } = "";
    public int Count { get; set; }
}

[MemoryPackable(GenerateType.VersionTolerant, SerializeLayout.Sequential)]
public sealed partial class PlayerStatePack
{
    public string CharacterId { get; set; } = "";
    public string Name { get; set; } = "";
    public int Score { get; set; }
    public int Moves { get; set; }
    public string SelectedItemId { get; set; } = "";
}

[MemoryPackable(GenerateType.VersionTolerant, SerializeLayout.Sequential)]
public sealed partial class CameraPack
{
    public Vector2 Position { get; set; }
    public float Zoom { get; set; }
    public string FollowCharacterId { get; set; } = "";
    public Rectangle Bounds { get; set; }
}

[MemoryPackable(GenerateType.VersionTolerant, SerializeLayout.Sequential)]
public sealed partial class DialogProgressPack
{
    public string DialogId { get; set; } = "";
    public string CurrentNodeId { get; set; } = "";
    public List<string> ChosenOptionIds { get; set; } = [];
    public bool Finished { get; set; }
}

[MemoryPackable(GenerateType.VersionTolerant, SerializeLayout.Sequential)]
public sealed partial class GlobalVariablesPack
{
    public List<IntVariablePack> Ints { get; set; } = [];
    public List<StringVariablePack> Strings { get; set; } = [];
    public List<BoolVariablePack> Bools { get; set; } = [];
}

[MemoryPackable(GenerateType.VersionTolerant, SerializeLayout.Sequential)]
public sealed partial class IntVariablePack
{
    public string Name { get; set; } = "";
    public int Value { get; set; }
}

[MemoryPackable(GenerateType.VersionTolerant, SerializeLayout.Sequential)]
public sealed partial class StringVariablePack
{
    public string Name { get; set; } = "";
    public string Value { get; set; } = "";
}

[MemoryPackable(GenerateType.VersionTolerant, SerializeLayout.Sequential)]
public sealed partial class BoolVariablePack
{
    public string Name { get; set; } = "";
    public bool Value { get; set; }
}

[MemoryPackable(GenerateType.VersionTolerant, SerializeLayout.Sequential)]
public sealed partial class QuestPack
{
    public string Id { get; set; } = "";
    public string Title { get; set; } = "";
    public QuestStatus Status { get; set; }
    public int Step { get; set; }
    public List<string> CompletedObjectives { get; set; } = [];
}

[MemoryPackable(GenerateType.VersionTolerant, SerializeLayout.Sequential)]
public sealed partial class GameTimerPack
{
    public string Id { get; set; } = "";
    public double RemainingSeconds { get; set; }
    public double IntervalSeconds { get; set; }
    public bool Repeating { get; set; }
    public bool Paused { get; set; }
    public string EventName { get; set; } = "";
}

[MemoryPackable(GenerateType.VersionTolerant, SerializeLayout.Sequential)]
public sealed partial class RandomStatePack
{
    public ulong S0 { get; set; }
    public ulong S1 { get; set; }
    public ulong S2 { get; set; }
    public ulong S3 { get; set; }
}

[MemoryPackable(GenerateType.VersionTolerant, SerializeLayout.Sequential)]
public sealed partial class LogMessagePack
{
    public double TimeSeconds { get; set; }
    public MessageKind Kind { get; set; }
    public string Speaker { get; set; } = "";
    public string Text { get; set; } = "";
}

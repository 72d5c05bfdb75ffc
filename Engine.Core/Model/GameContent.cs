using Engine.Serialization;
using Engine.Serialization.Models;
using MessagePack;

namespace Engine.Core.Model;

/// <summary>
/// The whole state of a running game: what a save file holds. Every member is a public
/// read/write property with a default, so a save that lacks a member loads with that default.
/// </summary>
[SaveModel(SchemaVersion = CurrentSchemaVersion)]
[MessagePackObject(keyAsPropertyName: true)]
public sealed partial class GameContent : ISaveMetadataSource
{
    /// <summary>The schema version this build of the engine writes. Bump it on breaking model changes.</summary>
    public const int CurrentSchemaVersion = 1;

    public partial int SchemaVersion { get; set; } = CurrentSchemaVersion;

    /// <summary>Identifies the game that owns the save, so one game does not load another's.</summary>
    public partial string GameId { get; set; } = "";

    public partial string Title { get; set; } = "";

    public partial TrackedList<Room> Rooms { get; set; } = [];

    public partial TrackedList<ItemDefinition> Items { get; set; } = [];

    public partial TrackedList<Character> Characters { get; set; } = [];

    public partial PlayerState Player { get; set; } = new();

    public partial Camera Camera { get; set; } = new();

    public partial TrackedList<DialogProgress> Dialogs { get; set; } = [];

    public partial GlobalVariables Variables { get; set; } = new();

    public partial TrackedList<Quest> Quests { get; set; } = [];

    public partial TrackedList<GameTimer> Timers { get; set; } = [];

    public partial RandomState Random { get; set; } = new();

    public partial TrackedList<LogMessage> MessageLog { get; set; } = [];

    public partial double PlayTimeSeconds { get; set; }
}

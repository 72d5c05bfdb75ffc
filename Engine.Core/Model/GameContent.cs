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
public sealed class GameContent : ISaveMetadataSource
{
    /// <summary>The schema version this build of the engine writes. Bump it on breaking model changes.</summary>
    public const int CurrentSchemaVersion = 1;

    public int SchemaVersion { get; set; } = CurrentSchemaVersion;

    /// <summary>Identifies the game that owns the save, so one game does not load another's.</summary>
    public string GameId { get; set; } = "";

    public string Title { get; set; } = "";

    public List<Room> Rooms { get; set; } = [];

    public List<ItemDefinition> Items { get; set; } = [];

    public List<Character> Characters { get; set; } = [];

    public PlayerState Player { get; set; } = new();

    public Camera Camera { get; set; } = new();

    public List<DialogProgress> Dialogs { get; set; } = [];

    public GlobalVariables Variables { get; set; } = new();

    public List<Quest> Quests { get; set; } = [];

    public List<GameTimer> Timers { get; set; } = [];

    public RandomState Random { get; set; } = new();

    public List<LogMessage> MessageLog { get; set; } = [];

    public double PlayTimeSeconds { get; set; }
}

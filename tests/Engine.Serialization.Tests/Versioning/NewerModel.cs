using Engine.Core.Math;
using Engine.Core.Model;
using Engine.Serialization.Container;
using Engine.Serialization.Generated;
using MessagePack;

namespace Engine.Serialization.Tests.Versioning;

/// <summary>
/// A later game's model, as an update might ship it: GameContent lost <c>Items</c> and
/// <c>Timers</c> and gained <c>Difficulty</c> and <c>Achievements</c>; Room lost
/// <c>MusicTrack</c> and gained <c>Weather</c>. Everything else keeps today's keys.
/// </summary>
[SaveModel(Id = SaveContainer.Version1ModelId)]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class NewerGameContent
{
    public int SchemaVersion { get; set; } = 1;

    public string GameId { get; set; } = "";

    public string Title { get; set; } = "";

    public List<NewerRoom> Rooms { get; set; } = [];

    public List<Character> Characters { get; set; } = [];

    public PlayerState Player { get; set; } = new();

    public Camera Camera { get; set; } = new();

    public List<DialogProgress> Dialogs { get; set; } = [];

    public GlobalVariables Variables { get; set; } = new();

    public List<Quest> Quests { get; set; } = [];

    public RandomState Random { get; set; } = new();

    public List<LogMessage> MessageLog { get; set; } = [];

    public double PlayTimeSeconds { get; set; }

    public string Difficulty { get; set; } = "normal";

    public List<string> Achievements { get; set; } = [];
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class NewerRoom
{
    public string Id { get; set; } = "";

    public string Name { get; set; } = "";

    public string Description { get; set; } = "";

    public string BackgroundSprite { get; set; } = "";

    public Vector2 Size { get; set; }

    public Color AmbientLight { get; set; } = Color.White;

    public bool Visited { get; set; }

    public List<Hotspot> Hotspots { get; set; } = [];

    public List<RoomObject> Objects { get; set; } = [];

    public List<Exit> Exits { get; set; } = [];

    public HeightGrid WalkGrid { get; set; } = new();

    public string Weather { get; set; } = "clear";
}

[GeneratedFormatterResolver(typeof(NewerGameContent))]
internal sealed partial class NewerModelResolver : IFormatterResolver
{
}

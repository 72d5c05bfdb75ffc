using System.Xml.Serialization;
using Engine.Core.Math;
using Engine.Core.Model;
using Engine.Serialization.Generated;
using Engine.Serialization.Migrations;
using MessagePack;

namespace Engine.Serialization.Tests.Versioning;

/// <summary>
/// A later engine's model with breaking changes, so schema 2: Room.MusicTrack was renamed to
/// Room.Music, and GameTimer.RemainingSeconds (a double of seconds) became RemainingMilliseconds
/// (a whole number). <see cref="SchemaV2Migration"/> brings schema-1 saves up to it.
/// </summary>
[MessagePackObject(keyAsPropertyName: true)]
[XmlRoot("GameContent")]
public sealed class SchemaV2GameContent
{
    public int SchemaVersion { get; set; } = 2;

    public string GameId { get; set; } = "";

    public string Title { get; set; } = "";

    public List<SchemaV2Room> Rooms { get; set; } = [];

    public List<ItemDefinition> Items { get; set; } = [];

    public List<Character> Characters { get; set; } = [];

    public PlayerState Player { get; set; } = new();

    public Camera Camera { get; set; } = new();

    public List<DialogProgress> Dialogs { get; set; } = [];

    public GlobalVariables Variables { get; set; } = new();

    public List<Quest> Quests { get; set; } = [];

    public List<SchemaV2Timer> Timers { get; set; } = [];

    public RandomState Random { get; set; } = new();

    public List<LogMessage> MessageLog { get; set; } = [];

    public double PlayTimeSeconds { get; set; }

    /// <summary>Today's content as schema 2 has it, member by member.</summary>
    public static SchemaV2GameContent From(GameContent today) => new()
    {
        SchemaVersion = 2,
        GameId = today.GameId,
        Title = today.Title,
        Rooms = [.. today.Rooms.Select(room => new SchemaV2Room
        {
            Id = room.Id,
            Name = room.Name,
            Description = room.Description,
            BackgroundSprite = room.BackgroundSprite,
            Music = room.MusicTrack,
            Size = room.Size,
            AmbientLight = room.AmbientLight,
            Visited = room.Visited,
            Hotspots = [.. room.Hotspots],
            Objects = [.. room.Objects],
            Exits = [.. room.Exits],
            WalkGrid = room.WalkGrid,
        })],
        Items = [.. today.Items],
        Characters = [.. today.Characters],
        Player = today.Player,
        Camera = today.Camera,
        Dialogs = [.. today.Dialogs],
        Variables = today.Variables,
        Quests = [.. today.Quests],
        Timers = [.. today.Timers.Select(timer => new SchemaV2Timer
        {
            Id = timer.Id,
            RemainingMilliseconds = (long)Math.Round(timer.RemainingSeconds * 1000),
            IntervalSeconds = timer.IntervalSeconds,
            Repeating = timer.Repeating,
            Paused = timer.Paused,
            EventName = timer.EventName,
        })],
        Random = today.Random,
        MessageLog = [.. today.MessageLog],
        PlayTimeSeconds = today.PlayTimeSeconds,
    };
}

[MessagePackObject(keyAsPropertyName: true)]
[XmlType("Room")]
public sealed class SchemaV2Room
{
    public string Id { get; set; } = "";

    public string Name { get; set; } = "";

    public string Description { get; set; } = "";

    public string BackgroundSprite { get; set; } = "";

    public string Music { get; set; } = "";

    public Vector2 Size { get; set; }

    public Color AmbientLight { get; set; } = Color.White;

    public bool Visited { get; set; }

    public List<Hotspot> Hotspots { get; set; } = [];

    public List<RoomObject> Objects { get; set; } = [];

    public List<Exit> Exits { get; set; } = [];

    public HeightGrid WalkGrid { get; set; } = new();
}

[MessagePackObject(keyAsPropertyName: true)]
[XmlType("GameTimer")]
public sealed class SchemaV2Timer
{
    public string Id { get; set; } = "";

    public long RemainingMilliseconds { get; set; }

    public double IntervalSeconds { get; set; }

    public bool Repeating { get; set; }

    public bool Paused { get; set; }

    public string EventName { get; set; } = "";
}

/// <summary>The step from schema 1 to 2: a rename and a type change.</summary>
public sealed class SchemaV2Migration : ISchemaMigration
{
    public int FromVersion => 1;

    public string Description => "Room.MusicTrack is now Room.Music; GameTimer.RemainingSeconds is now RemainingMilliseconds";

    public void Apply(DocumentObject root)
    {
        foreach (var room in root.Objects("Rooms"))
        {
            room.Rename("MusicTrack", "Music");
        }

        foreach (var timer in root.Objects("Timers"))
        {
            if (timer.GetDouble("RemainingSeconds") is { } seconds)
            {
                timer.Remove("RemainingSeconds");
                timer.SetInt64("RemainingMilliseconds", (long)Math.Round(seconds * 1000));
            }
        }
    }
}

[GeneratedFormatterResolver(typeof(SchemaV2GameContent))]
internal sealed partial class SchemaV2Resolver : IFormatterResolver
{
}

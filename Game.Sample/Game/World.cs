using Engine.Core;
using Engine.Core.Math;
using Engine.Core.Model;

namespace Game.Sample.Game;

/// <summary>
/// The sample adventure's start state, built by hand: the lighthouse on Gull Point has gone dark
/// and a ship is due tonight. Every id the story refers to is a constant here.
/// </summary>
internal static class World
{
    public const string GameId = "engine-sample";
    public const string Title = "The Dark Lighthouse";
    public const ulong DefaultSeed = 1859;

    public const string Beach = "beach";
    public const string Square = "square";
    public const string Tavern = "tavern";
    public const string Shed = "shed";
    public const string Cliff = "cliff";
    public const string Lighthouse = "lighthouse";
    public const string LampRoom = "lamp-room";

    public const string Shovel = "shovel";
    public const string BrassKey = "brass-key";
    public const string Matches = "matches";
    public const string OilCan = "oil-can";

    public const string PlayerId = "wren";
    public const string Marta = "marta";
    public const string Pip = "pip";

    public const string Sand = "sand";
    public const string Lamp = "lamp";
    public const string KeyObject = "key-in-sand";

    public const string SandDug = "sand-dug";
    public const string LampOiled = "lamp-oiled";
    public const string LampLit = "lamp-lit";

    public const string Quest = "light-the-lamp";
    public const string FoundKey = "found-key";
    public const string OpenedDoor = "opened-door";
    public const string GotMatches = "got-matches";
    public const string OiledLamp = "oiled-lamp";
    public const string LitLamp = "lit-lamp";
    public const int MaxScore = 50;

    public static GameContent NewGame(ulong seed = DefaultSeed)
    {
        var content = new GameContent
        {
            GameId = GameId,
            Title = Title,
            Rooms =
            [
                Room(Beach, "Pebble Beach",
                    "Grey pebbles run down to a grey sea. Gulls squabble over a mound of sand above the tide line.",
                    [Hotspot(Sand, "mound of sand", "Gulls peck at a mound of soft sand. Something has been buried here, and not very well.")],
                    [Item(Shovel, "shovel", 40, 60), Item(KeyObject, "brass key", 120, 50, BrassKey, visible: false)],
                    [Exit(Direction.North, Square)]),
                Room(Square, "Village Square",
                    "Crooked houses lean around a dry well. The tavern's windows glow to the east; a path climbs north towards the cliff.",
                    [Hotspot("well", "dry well", "The well has been dry for years. Someone has dropped a boot in it.")],
                    [],
                    [Exit(Direction.South, Beach), Exit(Direction.East, Tavern), Exit(Direction.West, Shed), Exit(Direction.North, Cliff)]),
                Room(Tavern, "The Drowned Gull",
                    "A low, smoky room that smells of fish stew. A fire crackles in the hearth.",
                    [Hotspot("fire", "fire", "The fire is warm. You would rather stay, but the ship will not wait.")],
                    [],
                    [Exit(Direction.West, Square)]),
                Room(Shed, "Keeper's Shed",
                    "Nets, floats and broken lobster pots hang from every hook in the keeper's shed.",
                    [Hotspot("nets", "fishing nets", "Tangled beyond hope, and smelling of last year's herring.")],
                    [Item(OilCan, "oil can", 30, 80)],
                    [Exit(Direction.East, Square)]),
                Room(Cliff, "Cliff Path",
                    "Wind tears at the grass on the cliff top. The lighthouse rises to the north; its heavy oak door has a brass lock.",
                    [],
                    [],
                    [Exit(Direction.South, Square), Exit(Direction.North, Lighthouse, keyItemId: BrassKey)]),
                Room(Lighthouse, "Lighthouse Stairwell",
                    "An iron stair winds up into the dark. The walls are damp and covered in the keeper's tally marks.",
                    [],
                    [],
                    [Exit(Direction.South, Cliff), Exit(Direction.Up, LampRoom)]),
                Room(LampRoom, "Lamp Room",
                    "Salt-streaked windows look out over a black sea. Far out, a ship's light blinks, heading for the rocks.",
                    [Hotspot(Lamp, "great lamp", "The great lamp, its brass reflector polished to a mirror. The wick is there; the light is not.")],
                    [],
                    [Exit(Direction.Down, Lighthouse)]),
            ],
            Items =
            [
                new ItemDefinition { Id = Shovel, Name = "shovel", Description = "A short, rusty shovel with a split handle.", Icon = "icons/shovel.png", Value = 2 },
                new ItemDefinition { Id = BrassKey, Name = "brass key", Description = "A heavy brass key stamped with a tiny lighthouse.", Icon = "icons/brass-key.png", Value = 10 },
                new ItemDefinition { Id = Matches, Name = "box of matches", Description = "Marta's matches. Three left.", Icon = "icons/matches.png", Value = 1 },
                new ItemDefinition { Id = OilCan, Name = "oil can", Description = "A dented can, full of lamp oil.", Icon = "icons/oil-can.png", Value = 5, CombinesWith = [Lamp] },
            ],
            Characters =
            [
                Character(PlayerId, "Wren", Beach, new Color(90, 140, 200)),
                Character(Marta, "Marta", Tavern, new Color(200, 120, 90)),
                Character(Pip, "Pip", Square, new Color(120, 190, 110)),
            ],
            Player = new PlayerState { CharacterId = PlayerId, Name = "Wren" },
            Camera = new Camera { Position = new Vector2(160, 90), FollowCharacterId = PlayerId, Bounds = new Rectangle(0, 0, 320, 180) },
            Dialogs =
            [
                new DialogProgress { DialogId = Marta, CurrentNodeId = "start" },
                new DialogProgress { DialogId = Pip, CurrentNodeId = "start" },
            ],
            Quests = [new Quest { Id = Quest, Title = "Light the lighthouse before the ship reaches the rocks", Status = QuestStatus.Active }],
            Random = new GameRandom(seed).SaveState(),
        };
        content.Variables.SetBool(SandDug, false);
        content.Variables.SetBool(LampOiled, false);
        content.Variables.SetBool(LampLit, false);
        content.Rooms[0].Visited = true;
        return content;
    }

    private static Room Room(string id, string name, string description, List<Hotspot> hotspots, List<RoomObject> objects, List<Exit> exits) =>
        new()
        {
            Id = id,
            Name = name,
            Description = description,
            BackgroundSprite = $"rooms/{id}.png",
            MusicTrack = "music/sea.ogg",
            Size = new Vector2(320, 180),
            Hotspots = [.. hotspots],
            Objects = [.. objects],
            Exits = [.. exits],
            WalkGrid = new HeightGrid(16, 9),
        };

    private static Hotspot Hotspot(string id, string name, string description) =>
        new() { Id = id, Name = name, Description = description, Bounds = new Rectangle(100, 60, 120, 60), WalkTo = new Vector2(160, 140) };

    /// <summary>A room object standing for an item; <paramref name="itemId"/> defaults to the object's id.</summary>
    private static RoomObject Item(string id, string name, float x, float y, string? itemId = null, bool visible = true) =>
        new() { Id = id, Name = name, Sprite = $"objects/{id}.png", Position = new Vector2(x, y), ItemId = itemId ?? id, Visible = visible };

    private static Exit Exit(Direction direction, string target, string keyItemId = "") =>
        new() { Direction = direction, TargetRoomId = target, Locked = keyItemId.Length > 0, KeyItemId = keyItemId, Position = new Vector2(160, 90) };

    private static Character Character(string id, string name, string roomId, Color tint) =>
        new() { Id = id, Name = name, CurrentRoomId = roomId, Position = new Vector2(160, 140), Tint = tint };
}

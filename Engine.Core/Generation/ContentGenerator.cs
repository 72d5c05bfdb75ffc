using Engine.Core.Math;
using Engine.Core.Model;

namespace Engine.Core.Generation;

/// <summary>
/// Makes realistic game content of a chosen size for tests, benchmarks and the sample's
/// <c>new</c> command. The same size and seed always give the same content: everything is drawn
/// from <see cref="GameRandom"/> in a fixed order, and nothing depends on time or culture.
/// </summary>
public static class ContentGenerator
{
    public const ulong DefaultSeed = 20261122;

    private sealed record Shape(
        int Rooms,
        int GridWidth,
        int GridHeight,
        int HotspotsPerRoom,
        int ObjectsPerRoom,
        int Items,
        int Characters,
        int Dialogs,
        int Variables,
        int Quests,
        int Timers,
        int LogMessages);

    private static readonly string[] Words =
    [
        "old", "dusty", "lantern", "brass", "key", "door", "harbor", "captain", "map", "treasure",
        "candle", "shadow", "whisper", "garden", "tower", "bridge", "river", "stone", "silver", "coin",
        "letter", "sealed", "forgotten", "library", "book", "page", "ink", "clock", "gear", "rusty",
        "window", "curtain", "cellar", "barrel", "rope", "ladder", "attic", "chest", "lock", "hinge",
        "mirror", "portrait", "painted", "merchant", "tavern", "ale", "fisherman", "net", "boat", "oar",
        "lighthouse", "storm", "rain", "cloud", "moon", "star", "night", "morning", "bell", "chapel",
        "monk", "scroll", "riddle", "answer", "secret", "passage", "hidden", "switch", "lever", "gate",
        "guard", "sword", "shield", "helmet", "armor", "horse", "stable", "hay", "farmer", "field",
        "crow", "scarecrow", "well", "bucket", "water", "bread", "cheese", "apple", "basket", "market",
        "you", "see", "a", "the", "of", "and", "is", "here", "there", "nothing", "something", "strange",
    ];

    private static readonly string[] Speakers = ["Captain Reed", "Old Marta", "Brother Ansel", "The Guard", "Pip", ""];

    public static GameContent Create(ContentSize size, ulong seed = DefaultSeed)
    {
        var shape = ShapeOf(size);
        var random = new GameRandom(seed);
        var content = new GameContent
        {
            GameId = "engine.generated",
            Title = $"Generated {size} game",
            PlayTimeSeconds = random.Next(60, 360_000) + 0.5,
        };

        for (int i = 0; i < shape.Items; i++)
        {
            content.Items.Add(CreateItem(random, i, shape.Items));
        }

        for (int i = 0; i < shape.Rooms; i++)
        {
            content.Rooms.Add(CreateRoom(random, i, shape));
        }

        for (int i = 0; i < shape.Characters; i++)
        {
            content.Characters.Add(CreateCharacter(random, i, shape));
        }

        content.Player = new PlayerState
        {
            CharacterId = "character.0",
            Name = "Guybrush",
            Score = random.Next(0, 1000),
            Moves = random.Next(0, 50_000),
            SelectedItemId = shape.Items > 0 ? $"item.{random.Next(shape.Items)}" : "",
        };
        content.Camera = new Camera
        {
            Position = new Vector2(random.Next(0, 640), random.Next(0, 360)),
            Zoom = 1f + (random.Next(0, 8) * 0.25f),
            FollowCharacterId = "character.0",
            Bounds = new Rectangle(0, 0, 1280, 720),
        };

        for (int i = 0; i < shape.Dialogs; i++)
        {
            content.Dialogs.Add(CreateDialog(random, i));
        }

        for (int i = 0; i < shape.Variables; i++)
        {
            content.Variables.Ints.Add(new IntVariable { Name = $"counter.{i}", Value = random.Next(-1000, 1000) });
            content.Variables.Strings.Add(new StringVariable { Name = $"text.{i}", Value = Sentence(random, 1, 4) });
            content.Variables.Bools.Add(new BoolVariable { Name = $"flag.{i}", Value = random.NextBool() });
        }

        for (int i = 0; i < shape.Quests; i++)
        {
            content.Quests.Add(CreateQuest(random, i));
        }

        for (int i = 0; i < shape.Timers; i++)
        {
            content.Timers.Add(new GameTimer
            {
                Id = $"timer.{i}",
                RemainingSeconds = random.Next(0, 600) / 4.0,
                IntervalSeconds = random.Next(1, 120),
                Repeating = random.NextBool(),
                Paused = random.Next(4) == 0,
                EventName = $"on_{random.Pick(Words)}_{i}",
            });
        }

        for (int i = 0; i < shape.LogMessages; i++)
        {
            var speaker = random.Pick(Speakers);
            content.MessageLog.Add(new LogMessage
            {
                TimeSeconds = i * 3.5,
                Kind = speaker.Length == 0 ? MessageKind.Narration : MessageKind.Speech,
                Speaker = speaker,
                Text = Sentence(random, 4, 16),
            });
        }

        content.Random = random.SaveState();
        return content;
    }

    /// <summary>
    /// Small content holding the values formats like to get wrong, every one of which all three formats
    /// carry: whitespace-only and multi-line text, text outside the BMP, NaN, infinities, -0.0, float
    /// and integer extremes, empty and absent-looking values. -0.0 only inside the height grid: protobuf
    /// leaves a zero-valued scalar out, so a scalar -0.0 comes back as 0.0 there. Frozen as fixtures, so never change it.
    /// </summary>
    public static GameContent CreateEdgeCases()
    {
        string[] texts = ["", "  ", "\t", "\n", "a\r\nb", "x\ry", " lead", "trail ", "ünïcödé 漢字 🎮", "<&>\"'", "]]>"];
        float[] floats = [float.NaN, float.PositiveInfinity, float.NegativeInfinity, -0f, float.Epsilon, float.MaxValue, float.MinValue, 1e-38f];
        var content = Create(ContentSize.Small);
        content.Title = texts[1];
        content.PlayTimeSeconds = 1e9 + 0.25;
        for (int i = 0; i < content.MessageLog.Count; i++)
        {
            content.MessageLog[i].Text = texts[i % texts.Length];
            content.MessageLog[i].Speaker = texts[(i + 3) % texts.Length];
            content.MessageLog[i].TimeSeconds = i switch { 0 => double.NaN, 1 => double.NegativeInfinity, 2 => 0.5, 3 => double.Epsilon, _ => i };
        }

        var cells = content.Rooms[0].WalkGrid.Cells;
        for (int i = 0; i < floats.Length; i++)
        {
            cells[i] = floats[i];
        }

        content.Rooms[1].WalkGrid = new HeightGrid();
        content.Rooms[2].Hotspots.Clear();
        content.Rooms[2].AmbientLight = new Color(0, 0, 0, 0);
        content.Characters[0].Position = new Vector2(float.NaN, 1.5f);
        content.Characters[1].WalkSpeed = float.PositiveInfinity;
        content.Camera.Bounds = new Rectangle(float.MinValue, float.MaxValue, float.Epsilon, 0.5f);
        content.Player.Score = int.MinValue;
        content.Player.Moves = int.MaxValue;
        content.Variables.SetInt("min", int.MinValue);
        content.Variables.SetInt("max", int.MaxValue);
        content.Variables.SetString("note", "line one\r\nline two\r\n");
        content.Variables.SetString("", "");
        content.Timers[0].RemainingSeconds = double.MinValue;
        content.Timers[1].IntervalSeconds = double.PositiveInfinity;
        content.Random = new RandomState { S0 = ulong.MaxValue, S1 = 0, S2 = 1UL << 63, S3 = 12345 };
        content.Quests[0].CompletedObjectives.Clear();
        return content;
    }

    private static Shape ShapeOf(ContentSize size) => size switch
    {
        ContentSize.Small => new Shape(Rooms: 3, GridWidth: 16, GridHeight: 12, HotspotsPerRoom: 5, ObjectsPerRoom: 6,
            Items: 12, Characters: 4, Dialogs: 4, Variables: 12, Quests: 3, Timers: 2, LogMessages: 30),
        ContentSize.Medium => new Shape(Rooms: 48, GridWidth: 48, GridHeight: 32, HotspotsPerRoom: 10, ObjectsPerRoom: 25,
            Items: 180, Characters: 70, Dialogs: 90, Variables: 450, Quests: 45, Timers: 30, LogMessages: 1800),
        ContentSize.Large => new Shape(Rooms: 400, GridWidth: 96, GridHeight: 64, HotspotsPerRoom: 15, ObjectsPerRoom: 40,
            Items: 1000, Characters: 500, Dialogs: 600, Variables: 4000, Quests: 300, Timers: 200, LogMessages: 20000),
        _ => throw new ArgumentOutOfRangeException(nameof(size), size, "Unknown content size."),
    };

    private static ItemDefinition CreateItem(GameRandom random, int index, int itemCount)
    {
        var item = new ItemDefinition
        {
            Id = $"item.{index}",
            Name = $"{random.Pick(Words)} {random.Pick(Words)}",
            Description = Sentence(random, 6, 18),
            Icon = $"icons/item_{index}.png",
            Value = random.Next(0, 500),
            Stackable = random.Next(3) == 0,
        };
        int combos = random.Next(0, 3);
        for (int c = 0; c < combos; c++)
        {
            item.CombinesWith.Add($"item.{random.Next(itemCount)}");
        }

        return item;
    }

    private static Room CreateRoom(GameRandom random, int index, Shape shape)
    {
        var room = new Room
        {
            Id = $"room.{index}",
            Name = $"The {random.Pick(Words)} {random.Pick(Words)}",
            Description = Sentence(random, 12, 40),
            BackgroundSprite = $"rooms/room_{index}.png",
            MusicTrack = $"music/theme_{random.Next(12)}.ogg",
            Size = new Vector2(shape.GridWidth * 20, shape.GridHeight * 20),
            AmbientLight = new Color((byte)random.Next(128, 256), (byte)random.Next(128, 256), (byte)random.Next(128, 256)),
            Visited = random.NextBool(),
            WalkGrid = CreateGrid(random, shape.GridWidth, shape.GridHeight),
        };

        for (int h = 0; h < shape.HotspotsPerRoom; h++)
        {
            room.Hotspots.Add(new Hotspot
            {
                Id = $"room.{index}.hotspot.{h}",
                Name = $"{random.Pick(Words)} {random.Pick(Words)}",
                Description = Sentence(random, 5, 20),
                Bounds = new Rectangle(random.Next(0, 900), random.Next(0, 500), random.Next(10, 200), random.Next(10, 200)),
                WalkTo = new Vector2(random.Next(0, 960), random.Next(0, 640)),
                Cursor = (CursorKind)random.Next(4),
                Enabled = random.Next(5) != 0,
            });
        }

        for (int o = 0; o < shape.ObjectsPerRoom; o++)
        {
            var obj = new RoomObject
            {
                Id = $"room.{index}.object.{o}",
                Name = $"{random.Pick(Words)} {random.Pick(Words)}",
                Sprite = $"objects/{random.Pick(Words)}_{random.Next(20)}.png",
                Position = new Vector2(random.Next(0, 960) + (random.Next(4) * 0.25f), random.Next(0, 640)),
                Tint = random.Next(4) == 0 ? new Color((byte)random.Next(256), (byte)random.Next(256), (byte)random.Next(256)) : Color.White,
                Scale = 0.5f + (random.Next(0, 9) * 0.125f),
                Baseline = random.Next(0, 640),
                Visible = random.Next(6) != 0,
                ItemId = random.Next(3) == 0 ? $"item.{random.Next(shape.Items)}" : "",
            };
            int tags = random.Next(0, 3);
            for (int t = 0; t < tags; t++)
            {
                obj.Tags.Add(random.Pick(Words));
            }

            room.Objects.Add(obj);
        }

        int exits = random.Next(1, 5);
        for (int e = 0; e < exits; e++)
        {
            bool locked = random.Next(4) == 0;
            room.Exits.Add(new Exit
            {
                Direction = (Direction)random.Next(6),
                TargetRoomId = $"room.{random.Next(shape.Rooms)}",
                Position = new Vector2(random.Next(0, 960), random.Next(0, 640)),
                Locked = locked,
                KeyItemId = locked ? $"item.{random.Next(shape.Items)}" : "",
            });
        }

        return room;
    }

    /// <summary>Floor heights in quarter steps that change slowly across the room, with walls marked -1.</summary>
    private static HeightGrid CreateGrid(GameRandom random, int width, int height)
    {
        var grid = new HeightGrid(width, height);
        float level = random.Next(0, 8) * 0.25f;
        for (int y = 0; y < height; y++)
        {
            for (int x = 0; x < width; x++)
            {
                bool wall = x == 0 || y == 0 || x == width - 1 || y == height - 1 || random.Next(20) == 0;
                if (random.Next(8) == 0)
                {
                    level = System.Math.Clamp(level + ((random.Next(3) - 1) * 0.25f), 0f, 4f);
                }

                grid.Set(x, y, wall ? -1f : level);
            }
        }

        return grid;
    }

    private static Character CreateCharacter(GameRandom random, int index, Shape shape)
    {
        var character = new Character
        {
            Id = $"character.{index}",
            Name = index < Speakers.Length - 1 ? Speakers[index] : $"Villager {index}",
            CurrentRoomId = $"room.{random.Next(shape.Rooms)}",
            Position = new Vector2(random.Next(0, 960) + random.NextSingle(), random.Next(0, 640) + random.NextSingle()),
            Facing = (Direction)random.Next(4),
            Tint = new Color((byte)random.Next(256), (byte)random.Next(256), (byte)random.Next(256), (byte)random.Next(128, 256)),
            WalkSpeed = 60f + random.Next(0, 60),
            Animation = new AnimationState
            {
                Name = random.Pick(["idle", "walk", "talk", "pickup", "use"]),
                Frame = random.Next(0, 12),
                FrameTime = random.NextSingle() * 0.1f,
                Speed = 1f,
                Looping = random.Next(4) != 0,
            },
        };

        int carried = random.Next(0, index == 0 ? 20 : 6);
        for (int i = 0; i < carried; i++)
        {
            character.Inventory.Add(new InventoryEntry { ItemId = $"item.{random.Next(shape.Items)}", Count = random.Next(1, 4) });
        }

        int steps = random.Next(0, 4) == 0 ? random.Next(1, 8) : 0;
        for (int s = 0; s < steps; s++)
        {
            character.WalkPath.Add(new Vector2(random.Next(0, 960), random.Next(0, 640)));
        }

        return character;
    }

    private static DialogProgress CreateDialog(GameRandom random, int index)
    {
        var dialog = new DialogProgress
        {
            DialogId = $"dialog.{index}",
            CurrentNodeId = $"dialog.{index}.node.{random.Next(30)}",
            Finished = random.Next(3) == 0,
        };
        int chosen = random.Next(0, 10);
        for (int c = 0; c < chosen; c++)
        {
            dialog.ChosenOptionIds.Add($"dialog.{index}.option.{random.Next(40)}");
        }

        return dialog;
    }

    private static Quest CreateQuest(GameRandom random, int index)
    {
        var quest = new Quest
        {
            Id = $"quest.{index}",
            Title = $"The {random.Pick(Words)} of the {random.Pick(Words)}",
            Status = (QuestStatus)random.Next(4),
            Step = random.Next(0, 8),
        };
        for (int o = 0; o < quest.Step; o++)
        {
            quest.CompletedObjectives.Add($"quest.{index}.objective.{o}");
        }

        return quest;
    }

    private static string Sentence(GameRandom random, int minWords, int maxWords)
    {
        int count = random.Next(minWords, maxWords + 1);
        var words = new string[count];
        for (int i = 0; i < count; i++)
        {
            words[i] = random.Pick(Words);
        }

        words[0] = char.ToUpperInvariant(words[0][0]) + words[0][1..];
        return string.Join(' ', words) + ".";
    }
}

using Engine.Core.Model;

namespace Game.Sample.Game;

/// <summary>
/// What is particular to this adventure: what using an item on something does, what people say,
/// the scoring, and the random flavour lines. <see cref="GameSession"/> handles everything generic.
/// </summary>
internal static class Story
{
    public const string Introduction =
        "The lighthouse on Gull Point has been dark for three nights, and the supply ship is due tonight.\n"
        + "You are Wren, the keeper's apprentice. Light the lamp before the ship finds the rocks.";

    private static readonly Dictionary<(string Item, string Target), Action<Turn>> UseRules = new()
    {
        [(World.Shovel, World.Sand)] = DigSand,
        [(World.OilCan, World.Lamp)] = FillLamp,
        [(World.Matches, World.Lamp)] = LightLamp,
    };

    private static readonly Dictionary<string, string[]> Ambience = new()
    {
        [World.Beach] = ["A gull screams at you, personally.", "A wave drags the pebbles back with a long hiss.", "Something small scuttles under a rock."],
        [World.Square] = ["A shutter bangs in the wind.", "Somewhere a dog barks twice, then thinks better of it."],
        [World.Cliff] = ["The wind nearly takes your hat.", "Far below, the sea booms in a cave.", "Out at sea, the ship's light blinks. Closer now."],
    };

    private static readonly string[] PipRumors =
    [
        "I saw a seal wearing a hat once. Nobody believes me.",
        "Marta's stew has a fish in it that's older than me.",
        "They say the ship carries oranges. I've never had an orange.",
        "Hobb talks to the lamp. Says it listens better than people.",
    ];

    private static readonly string[] MartaUrging =
    [
        "Go on, the ship won't wait.",
        "Still here? The lamp won't light itself.",
        "My matches, my advice: hurry.",
    ];

    public static bool HasWon(GameContent state) => state.Variables.GetBool(World.LampLit);

    /// <summary>Whether using <paramref name="itemId"/> on <paramref name="targetId"/> does something in this story.</summary>
    public static bool CanUse(string itemId, string targetId) => UseRules.ContainsKey((itemId, targetId));

    public static void Use(Turn turn, string itemId, string targetId)
    {
        if (UseRules.TryGetValue((itemId, targetId), out var rule))
        {
            rule(turn);
        }
        else
        {
            turn.Say("Nothing happens.");
        }
    }

    public static void Taken(Turn turn, string itemId)
    {
        if (itemId == World.BrassKey)
        {
            Complete(turn, World.FoundKey, 10);
        }
    }

    public static void Unlocked(Turn turn) => Complete(turn, World.OpenedDoor, 10);

    public static string Describe(Character character) => character.Id switch
    {
        World.Marta => "Marta keeps the tavern, and an eye on everybody.",
        World.Pip => "Pip, the baker's boy, who knows everything and understands half of it.",
        _ => $"It's {character.Name}.",
    };

    public static void Talk(Turn turn, Character character)
    {
        switch (character.Id)
        {
            case World.Marta:
                TalkToMarta(turn, character);
                break;
            case World.Pip:
                TalkToPip(turn, character);
                break;
            default:
                turn.Say($"{character.Name} has nothing to say.");
                break;
        }
    }

    /// <summary>Now and then, a line about the room the player is in: drawn from the game's generator, so a loaded game continues the same way.</summary>
    public static void Ambient(Turn turn, Room room)
    {
        if (Ambience.TryGetValue(room.Id, out var lines) && turn.Roll(2) == 0)
        {
            turn.Say(turn.Pick(lines));
        }
    }

    private static void DigSand(Turn turn)
    {
        var beach = turn.State.Room(World.Beach);
        if (turn.State.Variables.GetBool(World.SandDug))
        {
            turn.Say("You have dug enough holes for one day.");
            return;
        }

        turn.State.Variables.SetBool(World.SandDug, true);
        beach.Objects.Find(o => o.Id == World.KeyObject)!.Visible = true;
        beach.Hotspots.Find(h => h.Id == World.Sand)!.Description = "A hole in the sand, full of indignant gulls.";
        turn.Say("You dig into the mound. The gulls scatter, screaming. Something glints in the sand: a brass key!");
    }

    private static void FillLamp(Turn turn)
    {
        if (turn.State.Variables.GetBool(World.LampOiled))
        {
            turn.Say("The lamp is already full.");
            return;
        }

        turn.State.TakeAway(World.OilCan);
        turn.State.Variables.SetBool(World.LampOiled, true);
        turn.Say("You pour the oil into the lamp's reservoir. The wick darkens as it drinks.");
        Complete(turn, World.OiledLamp, 10);
    }

    private static void LightLamp(Turn turn)
    {
        var variables = turn.State.Variables;
        if (variables.GetBool(World.LampLit))
        {
            turn.Say("The lamp is already blazing.");
            return;
        }

        if (!variables.GetBool(World.LampOiled))
        {
            turn.Say("You strike a match and hold it to the wick. It smoulders and dies: the lamp is dry.");
            return;
        }

        variables.SetBool(World.LampLit, true);
        turn.State.Room(World.LampRoom).Hotspots.Find(h => h.Id == World.Lamp)!.Description = "The great lamp blazes; its beam sweeps the sea.";
        turn.Say("The wick catches. The great lamp blazes, and its beam sweeps across the water.\n"
            + "Out at sea, the ship's light turns, slowly, away from the rocks.");
        Complete(turn, World.LitLamp, 15);
        turn.State.Quest(World.Quest).Status = QuestStatus.Completed;
        turn.Say($"*** You have won: {turn.State.Player.Score} of {World.MaxScore} points in {turn.State.Player.Moves} moves. ***");
    }

    private static void TalkToMarta(Turn turn, Character marta)
    {
        var dialog = turn.State.Dialog(World.Marta);
        switch (dialog.CurrentNodeId)
        {
            case "start":
                turn.Speak(marta, "Dark three nights, and the ship due tonight. Old Hobb buried his spare key on the beach, where the gulls gather. Don't ask me why.");
                Advance(dialog, "key", "matches");
                break;
            case "matches":
                turn.Speak(marta, "You'll want a flame for that lamp. Take my matches. And Hobb kept his oil in the shed, west of the square.");
                turn.State.Give(World.Matches);
                turn.Say("Marta gives you a box of matches.");
                Advance(dialog, "matches", "done");
                dialog.Finished = true;
                Complete(turn, World.GotMatches, 5);
                break;
            default:
                turn.Speak(marta, HasWon(turn.State) ? "You did it! Drinks are on the house." : turn.Pick(MartaUrging));
                break;
        }
    }

    private static void TalkToPip(Turn turn, Character pip)
    {
        var dialog = turn.State.Dialog(World.Pip);
        if (dialog.CurrentNodeId == "start")
        {
            turn.Speak(pip, "Hobb? Gone to his sister's. Left the lamp dry, I bet. He always forgets the oil.");
            Advance(dialog, "hobb", "rumors");
        }
        else
        {
            turn.Speak(pip, turn.Pick(PipRumors));
        }
    }

    private static void Advance(DialogProgress dialog, string chosenOption, string nextNode)
    {
        dialog.ChosenOptionIds.Add(chosenOption);
        dialog.CurrentNodeId = nextNode;
    }

    /// <summary>Marks a quest objective done and scores it, once.</summary>
    private static void Complete(Turn turn, string objective, int points)
    {
        var quest = turn.State.Quest(World.Quest);
        if (quest.CompletedObjectives.Contains(objective))
        {
            return;
        }

        quest.CompletedObjectives.Add(objective);
        quest.Step = quest.CompletedObjectives.Count;
        turn.State.Player.Score += points;
        turn.Say($"[+{points} points]");
    }
}

using System.Globalization;
using System.Text;
using Engine.Core.Model;
using Engine.Serialization.Container;
using Engine.Serialization.Errors;
using Engine.Serialization.Slots;
using Engine.Serialization.Text;

namespace Game.Sample.Game;

/// <summary>
/// A game being played: runs one typed command at a time against <see cref="State"/> and returns
/// what to print. The whole game lives in <see cref="State"/>; moves change it and add to its
/// message log, while save, load, slots and help only print, so saving a just-loaded game writes
/// the same payload again. Entering a room autosaves, as games do: the store takes its snapshot
/// before the move's reply and writes it in the background, keeping the newest
/// <see cref="SaveSlotStore{T}.AutosavesKept"/>; the next save, load, slot list or quit waits for it.
/// </summary>
internal sealed class GameSession
{
    public const string HelpText =
        "Commands:\n"
        + "  look [thing]             look around, or at something\n"
        + "  go <direction>           or just: north, south, east, west, up, down (n, s, e, w, u, d)\n"
        + "  take <item>              pick something up\n"
        + "  use <item> [on <thing>]  use something you carry\n"
        + "  talk <character>         talk to someone\n"
        + "  inventory, i             what you carry\n"
        + "  save [slot]              save the game (slot 'quicksave' if none is given)\n"
        + "  load [slot]              load a saved game\n"
        + "  slots                    list the saved games, with the autosaves of the last three rooms entered\n"
        + "  help                     this text\n"
        + "  quit                     leave the game";

    private readonly SaveSlotStore<GameContent> _store;
    private readonly TimeProvider _clock;
    private long _lastMoveAt;
    private Task? _autosave;

    /// <summary>Starts playing <paramref name="state"/>, saving to and loading from <paramref name="store"/>.</summary>
    /// <param name="state">The game to play; <see cref="World.NewGame"/> for a new one.</param>
    /// <param name="store">Where save and load go.</param>
    /// <param name="clock">Measures play time, which grows with each move by the time since the previous one.</param>
    public GameSession(GameContent state, SaveSlotStore<GameContent> store, TimeProvider? clock = null)
    {
        ArgumentNullException.ThrowIfNull(state);
        ArgumentNullException.ThrowIfNull(store);
        State = state;
        _store = store;
        _clock = clock ?? TimeProvider.System;
        _lastMoveAt = _clock.GetTimestamp();
    }

    public GameContent State { get; private set; }

    /// <summary>
    /// Whether a save, load or slot list that the file system refuses (a <see cref="SaveIOException"/>: the folder
    /// read-only or out of reach, a lock file in the way, no save in the slot) leaves <see cref="Execute"/> as the
    /// exception instead of being told to the player: a script's later commands would play on from a save that never
    /// happened. Damage in a save is told either way.
    /// </summary>
    public bool FileSystemFailureEndsTheGame { get; init; }

    public bool QuitRequested { get; private set; }

    public bool HasWon => Story.HasWon(State);

    /// <summary>The title, the premise and the first room: what a new game starts with.</summary>
    public string Introduction() =>
        $"{World.Title.ToUpperInvariant()}\n{Story.Introduction}\nType 'help' for the commands.\n\n{DescribeRoom(State.CurrentRoom())}";

    public string Execute(string line)
    {
        ArgumentNullException.ThrowIfNull(line);
        var command = Parser.Parse(line);
        string autosaveFailure = command.Verb is Verb.Save or Verb.Load or Verb.Slots or Verb.Quit && FinishAutosave() is { } failure ? failure + "\n" : "";
        return autosaveFailure + command.Verb switch
        {
            Verb.None => "",
            Verb.Unknown => $"I don't know how to \"{command.Text}\". Type 'help' for the commands.",
            Verb.Save => Save(command.Subject),
            Verb.Load => Load(SlotOrQuick(command.Subject)),
            Verb.Slots => ListSlots(),
            Verb.Help => HelpText,
            Verb.Quit => Quit(),
            _ => Move(command),
        };
    }

    /// <summary>
    /// Waits for the autosave of the last room entered to be written. Null when it was (or there was none); otherwise
    /// what to tell the player. A file-system failure, in a game where it ends the game, is thrown.
    /// </summary>
    public string? FinishAutosave()
    {
        var autosave = _autosave;
        _autosave = null;
        try
        {
            autosave?.GetAwaiter().GetResult();
            return null;
        }
        catch (SaveException e) when (!EndsTheGame(e))
        {
            return $"The autosave could not be written: {e.Message}";
        }
    }

    private string Move(Command command)
    {
        long now = _clock.GetTimestamp();
        State.PlayTimeSeconds += _clock.GetElapsedTime(_lastMoveAt, now).TotalSeconds;
        _lastMoveAt = now;
        State.Player.Moves++;

        var turn = new Turn(State);
        switch (command.Verb)
        {
            case Verb.Look:
                Look(turn, command.Subject);
                break;
            case Verb.Go:
                Go(turn, command.Subject);
                break;
            case Verb.Take:
                Take(turn, command.Subject);
                break;
            case Verb.Use:
                Use(turn, command.Subject, command.Target);
                break;
            case Verb.Talk:
                Talk(turn, command.Subject);
                break;
            case Verb.Inventory:
                Inventory(turn);
                break;
            default:
                throw new InvalidOperationException($"{command.Verb} is not a move.");
        }

        return turn.End();
    }

    private void Look(Turn turn, string subject)
    {
        var room = State.CurrentRoom();
        if (subject.Length == 0)
        {
            turn.Say(DescribeRoom(room));
            Story.Ambient(turn, room);
            return;
        }

        var thing = Find(ThingsHere(room).Concat(State.Carried().Select(i => new Thing(i.Id, i.Name, i.Description))), subject);
        turn.Say(thing?.Description ?? $"You see no {subject} here.");
    }

    private void Go(Turn turn, string subject)
    {
        if (subject.Length == 0)
        {
            turn.Say("Go where?");
            return;
        }

        if (!Parser.TryDirection(subject, out var direction))
        {
            turn.Say($"\"{subject}\" is not a direction: try north, south, east, west, up or down.");
            return;
        }

        var exit = State.CurrentRoom().Exits.Find(e => e.Direction == direction);
        if (exit is null)
        {
            turn.Say($"You can't go {Name(direction)} from here.");
            return;
        }

        if (exit.Locked)
        {
            turn.Say($"The way {Name(direction)} is locked.");
            return;
        }

        var player = State.PlayerCharacter();
        var target = State.Room(exit.TargetRoomId);
        player.CurrentRoomId = target.Id;
        player.Facing = direction;
        target.Visited = true;
        turn.Say(DescribeRoom(target));
        Story.Ambient(turn, target);
        if (FinishAutosave() is { } failure)
        {
            turn.Say(failure);
        }

        _autosave = _store.AutosaveAsync(State, Metadata());
    }

    private void Take(Turn turn, string subject)
    {
        if (subject.Length == 0)
        {
            turn.Say("Take what?");
            return;
        }

        var room = State.CurrentRoom();
        var roomObject = room.Objects.Find(o => o.Visible && Matches(subject, o.Id, o.Name));
        if (roomObject is null || roomObject.ItemId.Length == 0)
        {
            var thing = Find(ThingsHere(room), subject);
            turn.Say(thing is not null ? $"You can't take the {thing.Name}."
                : State.Carried().Any(i => Matches(subject, i.Id, i.Name)) ? "You already have that."
                : $"You see no {subject} here.");
            return;
        }

        roomObject.Visible = false;
        State.Give(roomObject.ItemId);
        turn.Say($"Taken: {State.Item(roomObject.ItemId).Name}.");
        Story.Taken(turn, roomObject.ItemId);
    }

    private void Use(Turn turn, string subject, string target)
    {
        if (subject.Length == 0)
        {
            turn.Say("Use what?");
            return;
        }

        var item = State.Carried().FirstOrDefault(i => Matches(subject, i.Id, i.Name));
        if (item is null)
        {
            turn.Say($"You don't have {subject}.");
            return;
        }

        var things = ThingsHere(State.CurrentRoom()).ToList();
        Thing? thing;
        if (target.Length == 0)
        {
            // With no target, use it on the one thing here it does something to.
            var useful = things.Where(t => t.Exit is { Locked: true } exit ? exit.KeyItemId == item.Id : Story.CanUse(item.Id, t.Id)).ToList();
            if (useful.Count != 1)
            {
                turn.Say($"Use the {item.Name} on what?");
                return;
            }

            thing = useful[0];
        }
        else
        {
            thing = Find(things, target);
            if (thing is null)
            {
                turn.Say($"You see no {target} here.");
                return;
            }
        }

        if (thing.Exit is { } door)
        {
            Unlock(turn, door, item);
        }
        else
        {
            Story.Use(turn, item.Id, thing.Id);
        }
    }

    private static void Unlock(Turn turn, Exit exit, ItemDefinition key)
    {
        if (!exit.Locked)
        {
            turn.Say("Nothing happens.");
        }
        else if (exit.KeyItemId != key.Id)
        {
            turn.Say($"The {key.Name} doesn't fit the lock.");
        }
        else
        {
            exit.Locked = false;
            turn.Say($"The {key.Name} turns with a clunk. The way {Name(exit.Direction)} is open.");
            Story.Unlocked(turn);
        }
    }

    private void Talk(Turn turn, string subject)
    {
        var here = State.OthersIn(State.CurrentRoom()).ToList();
        var character = subject.Length == 0
            ? (here.Count == 1 ? here[0] : null)
            : here.Find(c => Matches(subject, c.Id, c.Name));
        if (character is null)
        {
            turn.Say(subject.Length == 0 ? (here.Count == 0 ? "There is nobody here." : "Talk to whom?") : $"There is no {subject} here to talk to.");
            return;
        }

        Story.Talk(turn, character);
    }

    private void Inventory(Turn turn)
    {
        var items = State.Carried().Select(i => i.Name).ToList();
        turn.Say(items.Count == 0 ? "You are empty-handed." : $"You are carrying: {string.Join(", ", items)}.");
    }

    /// <summary>Saves to the slot the player named, or to the quick save when none was named.</summary>
    private string Save(string slot)
    {
        var metadata = Metadata();
        try
        {
            if (slot.Length == 0)
            {
                _store.QuickSaveAsync(State, metadata).GetAwaiter().GetResult();
                slot = SaveSlotStore.QuickSlot;
            }
            else
            {
                _store.Save(slot, State, metadata);
            }

            return $"Saved to slot '{SaveText.Visible(slot)}'.";
        }
        catch (ArgumentException e)
        {
            return ErrorText.Of(e);
        }
        catch (SaveException e) when (!EndsTheGame(e))
        {
            return $"The game could not be saved: {e.Message}";
        }
    }

    /// <summary>What a save of the game now says of itself: its title names the room and the move.</summary>
    private SaveMetadata Metadata() => SaveMetadata.For(State) with { Title = $"{State.CurrentRoom().Name}, move {State.Player.Moves}" };

    /// <summary>Replaces the whole state with the slot's. Prints, but changes nothing in the loaded state.</summary>
    private string Load(string slot)
    {
        SlotLoadResult<GameContent> result;
        try
        {
            result = _store.Load(slot);
        }
        catch (ArgumentException e)
        {
            return ErrorText.Of(e);
        }
        catch (SaveException e) when (!EndsTheGame(e))
        {
            return $"The game could not be loaded: {e.Message}";
        }

        var loaded = result.Content;
        if (!loaded.IsPlayable())
        {
            return $"Slot '{SaveText.Visible(slot)}' holds a save of another game (\"{SaveText.Visible(loaded.Title)}\").";
        }

        State = loaded;
        _lastMoveAt = _clock.GetTimestamp();
        string recovery = result.NewestProblem is { } problem
            ? $"The newest save in slot '{SaveText.Visible(slot)}' was damaged ({problem.Reason}), so the save before it was loaded.\n"
            : "";
        return $"{recovery}Loaded slot '{SaveText.Visible(slot)}'.\n\n{DescribeRoom(State.CurrentRoom())}";
    }

    /// <summary>The slots, one line each: what a save says of itself is shown as text, never as a line break or an escape.</summary>
    private string ListSlots()
    {
        IReadOnlyList<SaveSlot> slots;
        try
        {
            slots = _store.List();
        }
        catch (SaveException e) when (!EndsTheGame(e))
        {
            return $"The saved games could not be listed: {e.Message}";
        }

        if (slots.Count == 0)
        {
            return "No saved games yet.";
        }

        var text = new StringBuilder("Saved games, newest first:");
        foreach (var slot in slots)
        {
            text.Append(CultureInfo.InvariantCulture, $"\n  {SaveText.Visible(slot.Name),-16} ");
            text.Append(slot.Info?.Metadata is { } m
                ? string.Create(CultureInfo.InvariantCulture, $"{SaveText.Visible(m.Title)}  ({m.SavedAtUtc:yyyy-MM-dd HH:mm} UTC, played {SaveText.PlayTime(m.PlayTimeSeconds)})")
                : $"unreadable: {SaveText.Visible(slot.Problem)}");
        }

        return text.ToString();
    }

    private bool EndsTheGame(SaveException e) => FileSystemFailureEndsTheGame && e is SaveIOException;

    private string Quit()
    {
        QuitRequested = true;
        return "Goodbye.";
    }

    private string DescribeRoom(Room room)
    {
        var text = new StringBuilder().Append(room.Name).Append('\n').Append(room.Description);
        var objects = room.Objects.Where(o => o.Visible).Select(o => o.Name).ToList();
        if (objects.Count > 0)
        {
            text.Append("\nYou see: ").Append(string.Join(", ", objects)).Append('.');
        }

        foreach (var character in State.OthersIn(room))
        {
            text.Append('\n').Append(character.Name).Append(" is here.");
        }

        var exits = room.Exits.Select(e => e.Locked ? $"{Name(e.Direction)} (locked)" : Name(e.Direction));
        return text.Append("\nExits: ").Append(string.Join(", ", exits)).Append('.').ToString();
    }

    /// <summary>Everything in a room the player can look at or use things on.</summary>
    private IEnumerable<Thing> ThingsHere(Room room)
    {
        foreach (var hotspot in room.Hotspots.Where(h => h.Enabled))
        {
            yield return new Thing(hotspot.Id, hotspot.Name, hotspot.Description);
        }

        foreach (var roomObject in room.Objects.Where(o => o.Visible))
        {
            yield return new Thing(roomObject.Id, roomObject.Name, roomObject.ItemId.Length > 0 ? State.Item(roomObject.ItemId).Description : roomObject.Name);
        }

        foreach (var character in State.OthersIn(room))
        {
            yield return new Thing(character.Id, character.Name, Story.Describe(character));
        }

        foreach (var exit in room.Exits)
        {
            string direction = Name(exit.Direction);
            yield return exit.Locked
                ? new Thing($"exit-{direction}", $"{direction} door", $"The way {direction} is shut by a locked door.", exit)
                : new Thing($"exit-{direction}", direction, $"The way {direction} leads to {State.Room(exit.TargetRoomId).Name}.", exit);
        }
    }

    private static Thing? Find(IEnumerable<Thing> things, string words) => things.FirstOrDefault(t => Matches(words, t.Id, t.Name));

    /// <summary>"key", "brass key" and "brass-key" all name the brass key: the id, or every typed word appears in the name.</summary>
    private static bool Matches(string words, string id, string name)
    {
        if (words == id || words.Equals(name, StringComparison.OrdinalIgnoreCase))
        {
            return true;
        }

        var nameWords = name.ToLowerInvariant().Split(' ');
        return words.Split(' ').All(nameWords.Contains);
    }

    private static string Name(Direction direction) => direction.ToString().ToLowerInvariant();

    private static string SlotOrQuick(string slot) => slot.Length == 0 ? SaveSlotStore.QuickSlot : slot;

    private sealed record Thing(string Id, string Name, string Description, Exit? Exit = null);
}

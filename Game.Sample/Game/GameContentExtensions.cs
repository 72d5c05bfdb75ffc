using Engine.Core.Model;

namespace Game.Sample.Game;

/// <summary>The lookups the game makes on its state. The state is always the game's own, so a missing id is a bug.</summary>
internal static class GameContentExtensions
{
    public static Character PlayerCharacter(this GameContent state) => state.Character(state.Player.CharacterId);

    public static Room CurrentRoom(this GameContent state) => state.Room(state.PlayerCharacter().CurrentRoomId);

    public static Character Character(this GameContent state, string id) =>
        state.Characters.Find(c => c.Id == id) ?? throw Missing("character", id);

    public static Room Room(this GameContent state, string id) =>
        state.Rooms.Find(r => r.Id == id) ?? throw Missing("room", id);

    public static ItemDefinition Item(this GameContent state, string id) =>
        state.Items.Find(i => i.Id == id) ?? throw Missing("item", id);

    public static DialogProgress Dialog(this GameContent state, string id) =>
        state.Dialogs.Find(d => d.DialogId == id) ?? throw Missing("dialog", id);

    public static Quest Quest(this GameContent state, string id) =>
        state.Quests.Find(q => q.Id == id) ?? throw Missing("quest", id);

    /// <summary>The items the player's character carries, in the order they were picked up.</summary>
    public static IEnumerable<ItemDefinition> Carried(this GameContent state) =>
        state.PlayerCharacter().Inventory.Select(entry => state.Item(entry.ItemId));

    public static bool Carries(this GameContent state, string itemId) =>
        state.PlayerCharacter().Inventory.Exists(entry => entry.ItemId == itemId);

    public static void Give(this GameContent state, string itemId)
    {
        var inventory = state.PlayerCharacter().Inventory;
        var entry = inventory.Find(e => e.ItemId == itemId);
        if (entry is null)
        {
            inventory.Add(new InventoryEntry { ItemId = itemId });
        }
        else
        {
            entry.Count++;
        }
    }

    public static void TakeAway(this GameContent state, string itemId) =>
        state.PlayerCharacter().Inventory.RemoveAll(entry => entry.ItemId == itemId);

    /// <summary>The characters in a room other than the player's own.</summary>
    public static IEnumerable<Character> OthersIn(this GameContent state, Room room) =>
        state.Characters.Where(c => c.CurrentRoomId == room.Id && c.Id != state.Player.CharacterId);

    /// <summary>Whether the state is one this game can play: its own, with the player's character in a known room.</summary>
    public static bool IsPlayable(this GameContent state) =>
        state.GameId == World.GameId
        && state.Characters.Find(c => c.Id == state.Player.CharacterId) is { } player
        && state.Rooms.Exists(r => r.Id == player.CurrentRoomId);

    private static InvalidOperationException Missing(string kind, string id) => new($"The game has no {kind} '{id}'.");
}

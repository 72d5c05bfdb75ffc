using Engine.Core.Model;
using Engine.Serialization.Errors;

namespace Engine.Serialization.Formats;

/// <summary>
/// Refuses a decoded game that holds null where the model holds none. MessagePack's nil and XML's
/// xsi:nil decode to null for any string, list, list element or object, and the game would meet
/// them later as a NullReferenceException, far from the load. Every member the model gives a
/// non-null default is checked here by hand, without reflection (NativeAOT); a test holds this list
/// complete against the model. Nothing is allocated unless something is missing. A height grid
/// whose cells don't fill its width x height is refused here too: <see cref="HeightGrid.Get"/>
/// would fail on it later in the same way.
/// </summary>
internal static class MissingValues
{
    public static void ThrowIfAny(GameContent content)
    {
        if (Of(content) is { } path)
        {
            throw new SaveCorruptedException($"The payload holds nil where the game needs a value: {path}.");
        }

        for (int i = 0; i < content.Rooms.Count; i++)
        {
            var grid = content.Rooms[i].WalkGrid;
            if (grid.Width < 0 || grid.Height < 0 || (long)grid.Width * grid.Height != grid.Cells.Length)
            {
                throw new SaveCorruptedException(
                    $"The payload's Rooms[{i}].WalkGrid is {grid.Width} x {grid.Height} but holds {grid.Cells.Length:N0} cells.");
            }
        }
    }

    private static string? Of(GameContent c) =>
        Text(c.GameId, "GameId") ?? Text(c.Title, "Title")
        ?? Each(c.Rooms, "Rooms", Of) ?? Each(c.Items, "Items", Of) ?? Each(c.Characters, "Characters", Of)
        ?? One(c.Player, "Player", Of) ?? One(c.Camera, "Camera", Of) ?? Each(c.Dialogs, "Dialogs", Of)
        ?? One(c.Variables, "Variables", Of) ?? Each(c.Quests, "Quests", Of) ?? Each(c.Timers, "Timers", Of)
        ?? One(c.Random, "Random", _ => null) ?? Each(c.MessageLog, "MessageLog", Of);

    private static string? Of(Room r) =>
        Text(r.Id, "Id") ?? Text(r.Name, "Name") ?? Text(r.Description, "Description") ?? Text(r.BackgroundSprite, "BackgroundSprite")
        ?? Text(r.MusicTrack, "MusicTrack") ?? Each(r.Hotspots, "Hotspots", Of) ?? Each(r.Objects, "Objects", Of)
        ?? Each(r.Exits, "Exits", Of) ?? One(r.WalkGrid, "WalkGrid", g => g.Cells is null ? "Cells" : null);

    private static string? Of(Hotspot h) => Text(h.Id, "Id") ?? Text(h.Name, "Name") ?? Text(h.Description, "Description");

    private static string? Of(RoomObject o) =>
        Text(o.Id, "Id") ?? Text(o.Name, "Name") ?? Text(o.Sprite, "Sprite") ?? Text(o.ItemId, "ItemId") ?? Texts(o.Tags, "Tags");

    private static string? Of(Exit e) => Text(e.TargetRoomId, "TargetRoomId") ?? Text(e.KeyItemId, "KeyItemId");

    private static string? Of(ItemDefinition i) =>
        Text(i.Id, "Id") ?? Text(i.Name, "Name") ?? Text(i.Description, "Description") ?? Text(i.Icon, "Icon") ?? Texts(i.CombinesWith, "CombinesWith");

    private static string? Of(Character c) =>
        Text(c.Id, "Id") ?? Text(c.Name, "Name") ?? Text(c.CurrentRoomId, "CurrentRoomId")
        ?? One(c.Animation, "Animation", a => Text(a.Name, "Name"))
        ?? Each(c.Inventory, "Inventory", e => Text(e.ItemId, "ItemId")) ?? (c.WalkPath is null ? "WalkPath" : null);

    private static string? Of(PlayerState p) => Text(p.CharacterId, "CharacterId") ?? Text(p.Name, "Name") ?? Text(p.SelectedItemId, "SelectedItemId");

    private static string? Of(Camera c) => Text(c.FollowCharacterId, "FollowCharacterId");

    private static string? Of(DialogProgress d) =>
        Text(d.DialogId, "DialogId") ?? Text(d.CurrentNodeId, "CurrentNodeId") ?? Texts(d.ChosenOptionIds, "ChosenOptionIds");

    private static string? Of(GlobalVariables v) =>
        Each(v.Ints, "Ints", i => Text(i.Name, "Name"))
        ?? Each(v.Strings, "Strings", s => Text(s.Name, "Name") ?? Text(s.Value, "Value"))
        ?? Each(v.Bools, "Bools", b => Text(b.Name, "Name"));

    private static string? Of(Quest q) => Text(q.Id, "Id") ?? Text(q.Title, "Title") ?? Texts(q.CompletedObjectives, "CompletedObjectives");

    private static string? Of(GameTimer t) => Text(t.Id, "Id") ?? Text(t.EventName, "EventName");

    private static string? Of(LogMessage m) => Text(m.Speaker, "Speaker") ?? Text(m.Text, "Text");

    private static string? Text(string? value, string name) => value is null ? name : null;

    private static string? One<T>(T? value, string name, Func<T, string?> inside)
        where T : class =>
        value is null ? name : inside(value) is { } path ? $"{name}.{path}" : null;

    private static string? Each<T>(List<T>? list, string name, Func<T, string?> inside)
        where T : class
    {
        if (list is null)
        {
            return name;
        }

        for (int i = 0; i < list.Count; i++)
        {
            if (list[i] is not { } item)
            {
                return $"{name}[{i}]";
            }

            if (inside(item) is { } path)
            {
                return $"{name}[{i}].{path}";
            }
        }

        return null;
    }

    private static string? Texts(List<string>? list, string name) => Each(list, name, _ => null);
}

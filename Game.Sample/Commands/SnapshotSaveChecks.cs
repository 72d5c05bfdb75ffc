using Engine.Core.Generation;
using Engine.Core.Model;
using Engine.Serialization;
using Engine.Serialization.Errors;
using Engine.Serialization.Slots;

namespace Game.Sample.Commands;

/// <summary>
/// The selftest's checks of saves through a slot store, which keeps a snapshot of the game from one save to the next
/// and encodes again only what changed: a save holds the game as it was when SaveAsync was called, whatever the game
/// does after, and a file written that way is byte for byte the one a full save of the same game writes.
/// </summary>
internal static class SnapshotSaveChecks
{
    public static IEnumerable<(string Name, Func<string?> Check)> All() =>
    [
        ("slot save holds the state at the call", StateAtTheCall),
        ("autosaves after changes, written over the oldest, equal full saves", ByteIdentical),
    ];

    private static string? StateAtTheCall() => InStore((store, content) =>
    {
        store.Save("slot", content);
        content.Rooms[1].Visited = !content.Rooms[1].Visited;
        byte[] atTheCall = ContentDump.Of(content);
        var saving = store.SaveAsync("slot", content);
        content.Rooms[1].Name = "changed after the call";
        content.Rooms[2].WalkGrid.Cells[0] = 42f;
        content.Rooms.RemoveAt(3);
        saving.GetAwaiter().GetResult();
        return ContentDump.Difference(atTheCall, ContentDump.Of(store.Load("slot").Content)) is { } difference
            ? $"the save differs from the game at the call: {difference}"
            : null;
    });

    private static string? ByteIdentical() => InStore((store, content) =>
    {
        for (int round = 0; round < 6; round++) // from the fourth on, each is written over the oldest
        {
            var room = content.Rooms[round * 5];
            room.Visited = !room.Visited;
            room.Name += " again"; // longer: everything after it moves
            content.MessageLog.Add(new LogMessage { Text = $"round {round}" });
            string slot = store.AutosaveAsync(content).GetAwaiter().GetResult();
            byte[] file = File.ReadAllBytes(store.PathOf(slot));
            byte[] full = SaveSerializer.Save(content, SaveSerializer.ReadPayload(file).Info.Metadata);
            if (!file.AsSpan().SequenceEqual(full))
            {
                return $"autosave {round + 1} is not the bytes a full save writes ({file.Length} and {full.Length} bytes)";
            }
        }

        return null;
    });

    private static string? InStore(Func<SaveSlotStore<GameContent>, GameContent, string?> check)
    {
        string folder = Directory.CreateTempSubdirectory("game-sample-selftest-").FullName;
        try
        {
            return check(new SaveSlotStore<GameContent>(folder), ContentGenerator.Create(ContentSize.Medium));
        }
        catch (SaveException e)
        {
            return $"{e.GetType().Name}: {e.Message}";
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }
}

using System.Globalization;
using Engine.Core.Model;
using Engine.Serialization.Errors;
using Engine.Serialization.Slots;

namespace SaveLoop;

/// <summary>
/// <c>SaveLoop autosave DIR FIRST COUNT</c>: one store autosaves one game COUNT times as a game at play does, changing
/// it a little before each (the player's moves become FIRST, FIRST + 1, ...; one room is visited), and prints "NAME
/// MOVES" for each autosave written, "failed: MESSAGE" for one that fails. Two of them at once test processes sharing
/// a folder's autosaves.
/// </summary>
public static class AutosaveLoop
{
    public static int Run(string folder, int first, int count, TextWriter output)
    {
        var store = new SaveSlotStore<GameContent>(folder);
        var content = SaveLoopPlan.Content(first);
        for (int moves = first; moves < first + count; moves++)
        {
            content.Player.Moves = moves;
            content.Rooms[moves % content.Rooms.Count].Visited ^= true;
            try
            {
                string name = store.AutosaveAsync(content).GetAwaiter().GetResult();
                output.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{name} {moves}"));
            }
            catch (SaveException e)
            {
                output.WriteLine("failed: " + e.Message.ReplaceLineEndings(" "));
            }

            output.Flush();
        }

        return 0;
    }
}

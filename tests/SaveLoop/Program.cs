using System.Globalization;
using Engine.Core.Model;
using Engine.Serialization.Slots;
using SaveLoop;

// SaveLoop DIR FIRST: saves SaveLoopPlan.Content(FIRST), FIRST + 1, ... to one slot, printing
// each number once its save is complete, until the crash tests kill it.
if (args.Length != 2 || !int.TryParse(args[1], NumberStyles.None, CultureInfo.InvariantCulture, out int first))
{
    Console.Error.WriteLine("usage: SaveLoop DIR FIRST");
    return 2;
}

for (int number = first; ; number++)
{
    new SaveSlotStore<GameContent>(args[0], SaveLoopPlan.Options(number)).Save(SaveLoopPlan.Slot, SaveLoopPlan.Content(number));
    Console.Out.WriteLine(number.ToString(CultureInfo.InvariantCulture));
    Console.Out.Flush();
}

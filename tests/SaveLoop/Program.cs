using System.Diagnostics;
using System.Globalization;
using Engine.Core.Model;
using Engine.Serialization.Errors;
using Engine.Serialization.IO;
using Engine.Serialization.Slots;
using SaveLoop;

// SaveLoop DIR FIRST [COUNT]: saves SaveLoopPlan.Content(FIRST), FIRST + 1, ... to one slot, printing each number
// once its save is complete: until the crash tests kill it, or COUNT saves, printing "failed: MESSAGE" for a save
// that fails and going on (the tests of processes sharing a slot count them). With SAVELOOP_KILL_AT=STEP (a
// WriteStep) it kills itself with SIGKILL just before that step of its first save, as a crash there would.
// SaveLoop load DIR STOP-FILE: loads that slot until STOP-FILE exists; see LoadLoop.
// SaveLoop autosave DIR FIRST COUNT: autosaves one game COUNT times; see AutosaveLoop.
// SaveLoop check DIR: prints what the slot holds after a kill; see SlotCheck.
if (args is ["load", var loadFolder, var stopFile])
{
    return LoadLoop.Run(loadFolder, stopFile, Console.Out);
}

if (args is ["autosave", var autosaveFolder, var firstMoves, var autosaves])
{
    return AutosaveLoop.Run(autosaveFolder, int.Parse(firstMoves, CultureInfo.InvariantCulture), int.Parse(autosaves, CultureInfo.InvariantCulture), Console.Out);
}

if (args is ["check", var checkFolder])
{
    return SlotCheck.Run(checkFolder, Console.Out);
}

if (args.Length is not (2 or 3)
    || !int.TryParse(args[1], NumberStyles.None, CultureInfo.InvariantCulture, out int first)
    || (args.Length == 3 && !int.TryParse(args[2], NumberStyles.None, CultureInfo.InvariantCulture, out _)))
{
    Console.Error.WriteLine("usage: SaveLoop DIR FIRST [COUNT] | SaveLoop load DIR STOP-FILE | SaveLoop autosave DIR FIRST COUNT | SaveLoop check DIR");
    return 2;
}

WriteStep? killAt = Environment.GetEnvironmentVariable("SAVELOOP_KILL_AT") is { } name ? Enum.Parse<WriteStep>(name) : null;
Action<WriteStep> beforeStep = step =>
{
    if (step == killAt)
    {
        Process.GetCurrentProcess().Kill();
    }
};

long last = args.Length == 3 ? first + long.Parse(args[2], CultureInfo.InvariantCulture) - 1 : long.MaxValue;
for (int number = first; number <= last; number++)
{
    try
    {
        new SaveSlotStore<GameContent>(args[0], SaveLoopPlan.Options(number)) { BeforeWriteStep = beforeStep }.Save(SaveLoopPlan.Slot, SaveLoopPlan.Content(number));
        Console.Out.WriteLine(number.ToString(CultureInfo.InvariantCulture));
    }
    catch (SaveException e) when (args.Length == 3)
    {
        Console.Out.WriteLine("failed: " + e.Message.ReplaceLineEndings(" "));
    }

    Console.Out.Flush();
}

return 0;

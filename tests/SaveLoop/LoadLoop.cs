using System.Globalization;
using Engine.Core.Model;
using Engine.Serialization.Errors;
using Engine.Serialization.Slots;

namespace SaveLoop;

/// <summary>
/// <c>SaveLoop load DIR STOP-FILE</c>: loads the loop's slot over and over while other processes save to it, until
/// STOP-FILE exists (and once more after), printing "failed: MESSAGE" for each load that fails, falls back to the
/// backup or holds anything but one whole save of <see cref="SaveLoopPlan"/>, and last "loads: N", the loads that
/// succeeded. The third process of the tests of processes sharing a slot, so it can run natively too.
/// </summary>
public static class LoadLoop
{
    public static int Run(string folder, string stopFile, TextWriter output)
    {
        var store = new SaveSlotStore<GameContent>(folder);
        int loads = 0;
        bool stopping = false;
        while (!stopping)
        {
            stopping = File.Exists(stopFile);
            if (!store.Exists(SaveLoopPlan.Slot))
            {
                Thread.Sleep(1);
                continue;
            }

            string? failure;
            try
            {
                var result = store.Load(SaveLoopPlan.Slot);
                failure = result.NewestProblem is { } problem ? "fell back to the backup: " + problem.Message
                    : !SaveLoopPlan.IsWholeSave(result.Content) ? $"the load of save {result.Content.Player.Moves} differs from what that save held"
                    : null;
            }
            catch (SaveException e)
            {
                failure = e.Message;
            }

            if (failure is null)
            {
                loads++;
            }
            else
            {
                output.WriteLine("failed: " + failure.ReplaceLineEndings(" "));
            }
        }

        output.WriteLine("loads: " + loads.ToString(CultureInfo.InvariantCulture));
        return 0;
    }
}

using System.Globalization;
using Engine.Core.Model;
using Engine.Serialization;
using Engine.Serialization.Errors;
using Engine.Serialization.IO;
using Engine.Serialization.Slots;

namespace SaveLoop;

/// <summary>
/// <c>SaveLoop check DIR</c>: what the loop's slot holds after a kill, as one line a script compares with what it
/// expects (build/test-arm64.sh, where the xUnit kill tests cannot run): "slot N, backup M, temp T", N the save
/// the slot loads (" from the backup" added when it fell back), M the save its backup holds ("none" when it has
/// none) and T the temp files left ("none", "empty", "written" or a count). A load that fails, or that holds anything
/// but one whole save of <see cref="SaveLoopPlan"/>, prints "failed: MESSAGE" and exits with 1.
/// </summary>
public static class SlotCheck
{
    public static int Run(string folder, TextWriter output)
    {
        var store = new SaveSlotStore<GameContent>(folder);
        try
        {
            var result = store.Load(SaveLoopPlan.Slot);
            string backupPath = store.BackupPathOf(SaveLoopPlan.Slot);
            var backup = File.Exists(backupPath) ? SaveSerializer.LoadFromFile<GameContent>(backupPath) : null;
            if (!SaveLoopPlan.IsWholeSave(result.Content) || (backup is not null && !SaveLoopPlan.IsWholeSave(backup)))
            {
                output.WriteLine("failed: the slot or its backup holds something other than one whole save");
                return 1;
            }

            output.WriteLine(string.Create(
                CultureInfo.InvariantCulture,
                $"slot {result.Content.Player.Moves}{(result.RecoveredFromBackup ? " from the backup" : "")}, backup {backup?.Player.Moves.ToString(CultureInfo.InvariantCulture) ?? "none"}, temp {TempsLeft(store.PathOf(SaveLoopPlan.Slot))}"));
            return 0;
        }
        catch (SaveException e)
        {
            output.WriteLine("failed: " + e.Message.ReplaceLineEndings(" "));
            return 1;
        }
    }

    /// <summary>The temp files a killed save left beside the slot's file: "none", "empty", "written" or a count.</summary>
    public static string TempsLeft(string slotPath)
    {
        var temps = AtomicFile.LeftoverTemps(slotPath).Select(path => new FileInfo(path).Length).ToList();
        return temps switch
        {
            [] => "none",
            [0] => "empty",
            [> 0] => "written",
            _ => $"{temps.Count} temp files",
        };
    }
}

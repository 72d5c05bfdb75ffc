using System.Globalization;
using Engine.Core.Model;
using Engine.Serialization.IO;
using Engine.Serialization.Slots;
using Engine.Testing;
using SaveLoop;

namespace Engine.Serialization.Tests.Slots.PowerCut;

/// <summary>
/// Records the file operations a real save makes (tests/SaveLoop under strace) and replays every state a power cut
/// could leave on disk after each of them (<see cref="PowerCutStates"/>): each must load the new save or the previous
/// one (or nothing, when there was none), and once the save has returned, only the new one. Each scenario writes its
/// count of states to artifacts/powercut/, which build/test.sh prints.
/// </summary>
public sealed class PowerCutTests(ITestOutputHelper output) : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("engine-power-cut-").FullName;

    public void Dispose() => Directory.Delete(_root, recursive: true);

    /// <param name="scenario">Names the report file.</param>
    /// <param name="savesBefore">How many saves the slot had: saves 1 to this, in formats SaveLoopPlan cycles through.</param>
    [Theory]
    [InlineData("empty-slot", 0)]
    [InlineData("over-a-save", 1)]
    [InlineData("over-a-save-and-backup", 2)]
    public void PowerCutAnywhereInASave_TheSlotLoadsTheNewSaveOrThePreviousOne(string scenario, int savesBefore)
    {
        string folder = Directory.CreateDirectory(Path.Combine(_root, "saves")).FullName;
        for (int number = 1; number <= savesBefore; number++)
        {
            new SaveSlotStore<GameContent>(folder, SaveLoopPlan.Options(number)).Save(SaveLoopPlan.Slot, SaveLoopPlan.Content(number));
        }

        var before = Directory.GetFiles(folder).Where(path => !IsLock(path)).ToDictionary(path => Path.GetFileName(path), File.ReadAllBytes);
        int next = savesBefore + 1;
        var operations = FolderTrace.RecordSave(folder, next, Path.Combine(_root, "trace"), IsLock);
        string slotFile = Path.GetFileName(new SaveSlotStore<GameContent>(folder).PathOf(SaveLoopPlan.Slot));
        Assert.Contains(operations, operation => operation is Renamed { To: var to } && to == slotFile);

        int?[] beforeReturning = savesBefore == 0 ? [null, next] : [savesBefore, next];
        int states = 0;
        var failures = new List<string>();
        foreach (var state in PowerCutStates.All(before, operations))
        {
            states++;
            bool returned = state.CrashPoint == operations.Count;
            if (Problem(state, returned ? [next] : beforeReturning) is { } problem)
            {
                failures.Add($"{state.Description}: {problem}");
            }
        }

        string summary = $"power-cut replay, {scenario}: {states} disk states at {operations.Count + 1} crash points checked, {failures.Count} failed";
        output.WriteLine(summary);
        string reports = Directory.CreateDirectory(Path.Combine(Repository.Root, "artifacts", "powercut")).FullName;
        File.WriteAllText(Path.Combine(reports, $"powercut-{scenario}.txt"), summary + Environment.NewLine);
        Assert.True(failures.Count == 0, $"{summary}, for example:{Environment.NewLine}{string.Join(Environment.NewLine, failures.Take(5))}");
    }

    /// <summary>
    /// Autosaves are built in the store's spare (the oldest autosave the one before retired under a temp name), written
    /// only where they differ. At every write, each name its file may have on disk after a power cut is a temp name: no
    /// autosave's name can point to a file half overwritten. And the autosaves left load as what they saved.
    /// </summary>
    [Fact]
    public void Autosaves_WriteOnlyIntoFilesWhoseEveryNameOnDiskIsATempName()
    {
        string folder = Directory.CreateDirectory(Path.Combine(_root, "autosaves")).FullName;
        const int Autosaves = 7; // three kept, the fourth retires the oldest, the fifth on are built in spares
        var (operations, lines) = FolderTrace.RecordAutosaves(folder, Autosaves, Path.Combine(_root, "trace"), name => name == SlotFiles.AutosaveLock);

        // The spares were used: an autosave renamed to a temp name, and that temp name later renamed to a newer autosave.
        var retired = operations.OfType<Renamed>().Where(rename => !IsTemp(rename.From) && IsTemp(rename.To)).Select(rename => rename.To).ToHashSet();
        Assert.Contains(operations, operation => operation is Renamed { From: var from } && retired.Contains(from));

        var writes = PowerCutStates.NamesAtEachWrite(new Dictionary<string, byte[]>(), operations).ToList();
        Assert.NotEmpty(writes);
        Assert.All(writes, write => Assert.True(
            write.Names.All(IsTemp), $"{write.Write} went to a file that may be named {string.Join(", ", write.Names)} on disk"));

        var saved = lines.Select(line => line.Split(' ')).ToDictionary(parts => parts[0], parts => int.Parse(parts[1], CultureInfo.InvariantCulture));
        var store = new SaveSlotStore<GameContent>(folder);
        Assert.Equal(3, store.List().Count);
        Assert.All(store.List(), slot => Assert.Equal(saved[slot.Name], store.Load(slot.Name).Content.Player.Moves));
    }

    private static bool IsTemp(string name) => name.StartsWith('.') && name.EndsWith(AtomicFile.TempSuffix, StringComparison.Ordinal);

    private static bool IsLock(string name) => name.EndsWith(SaveSlotStore.LockExtension, StringComparison.Ordinal);

    /// <summary>Writes the state to a folder and loads its slot: null if it holds one of <paramref name="acceptable"/> (null: no save), else what is wrong.</summary>
    private string? Problem(DiskState state, int?[] acceptable)
    {
        string folder = Path.Combine(_root, "replay");
        if (Directory.Exists(folder))
        {
            Directory.Delete(folder, recursive: true);
        }

        Directory.CreateDirectory(folder);
        foreach (var (name, bytes) in state.Files)
        {
            File.WriteAllBytes(Path.Combine(folder, name), bytes);
        }

        var store = new SaveSlotStore<GameContent>(folder);
        if (!store.Exists(SaveLoopPlan.Slot) && !File.Exists(store.BackupPathOf(SaveLoopPlan.Slot)))
        {
            return acceptable.Contains(null) ? null : "the slot is empty";
        }

        try
        {
            var result = store.Load(SaveLoopPlan.Slot);
            int loaded = result.Content.Player.Moves;
            if (!acceptable.Contains(loaded))
            {
                return $"it loads save {loaded}{(result.RecoveredFromBackup ? ", from the backup" : "")}";
            }

            return new GraphComparer().FindDifference(SaveLoopPlan.Content(loaded), result.Content) is { } difference
                ? $"save {loaded} loads with a difference at {difference}"
                : null;
        }
        catch (SaveException e)
        {
            return "it does not load: " + e.Message;
        }
    }
}

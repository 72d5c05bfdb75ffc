using System.Globalization;
using Engine.Core.Model;
using Engine.Serialization.IO;
using Engine.Serialization.Slots;
using Engine.Testing;
using SaveLoop;

namespace Engine.Serialization.Tests.Slots;

/// <summary>
/// Kills the saving process (SIGKILL; TerminateProcess on Windows) just before each step of its save, where the random kills of
/// <see cref="CrashDuringSaveTests"/> land only by chance: the slot must then load the previous save until the rename
/// and the new one after it, and the next process's save must succeed and sweep away the dead one's temp file.
/// </summary>
public sealed class KilledAtEachStepTests : IDisposable
{
    private const int Older = 1;
    private const int Previous = 2;
    private const int Killed = 3;
    private const int Next = 4;

    private readonly string _folder = Directory.CreateTempSubdirectory("engine-step-kill-").FullName;
    private readonly SaveSlotStore<GameContent> _store;

    public KilledAtEachStepTests()
    {
        _store = new SaveSlotStore<GameContent>(_folder);
        foreach (int number in (int[])[Older, Previous])
        {
            new SaveSlotStore<GameContent>(_folder, SaveLoopPlan.Options(number)).Save(SaveLoopPlan.Slot, SaveLoopPlan.Content(number));
        }
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    /// <param name="step">The step the process dies just before.</param>
    /// <param name="temp">The temp file the kill leaves: "none", "empty" or "written".</param>
    /// <param name="loads">The save the slot holds after the kill.</param>
    /// <param name="backup">The save its backup holds.</param>
    [Theory]
    [InlineData(nameof(WriteStep.CreateTemp), "none", Previous, Older)]
    [InlineData(nameof(WriteStep.WriteData), "empty", Previous, Older)]
    [InlineData(nameof(WriteStep.FlushData), "written", Previous, Older)]
    [InlineData(nameof(WriteStep.Replace), "written", Previous, Older)]
    [InlineData(nameof(WriteStep.FlushFolder), "none", Killed, Previous)]
    public void KilledBeforeAStep_TheSlotLoadsTheSaveOnDisk_AndTheNextSaveSucceeds(string step, string temp, int loads, int backup)
    {
        using (var loop = SaveLoopProcess.Start(_folder, Killed, 1, environment: new Dictionary<string, string> { ["SAVELOOP_KILL_AT"] = step }))
        {
            AssertKilled(loop);
        }

        AssertSlot(temp, loads, backup);
        AssertNextSaveSucceeds();
    }

    [Fact]
    public void KilledBetweenLinkingTheBackupAndRenaming_TheSlotLoadsThePreviousSave_AndTheNextSaveSucceeds()
    {
        // No hook reaches inside File.Replace, so strace sends the SIGKILL as the process enters its first rename, the
        // one onto the slot's file (the runtime renames nothing else), once the old file is linked as the backup.
        string[] strace = ["strace", "-f", "-qq", "-o", "/dev/null", "-e", "trace=rename,renameat,renameat2", "-e", "inject=rename,renameat,renameat2:signal=KILL"];
        using (var loop = SaveLoopProcess.Start(_folder, Killed, 1, strace))
        {
            AssertKilled(loop);
        }

        AssertSlot("written", Previous, Previous);
        AssertNextSaveSucceeds();
    }

    private static void AssertKilled(SaveLoopProcess loop)
    {
        int exitCode = loop.WaitForExit(TimeSpan.FromMinutes(2));
        Assert.True(exitCode == SaveLoopProcess.KilledExitCode, $"The saving process exited with {exitCode}, not killed outright: {loop.Error}");
        Assert.Empty(loop.Lines);
    }

    private void AssertSlot(string temp, int loads, int backup)
    {
        Assert.Equal(temp, SlotCheck.TempsLeft(_store.PathOf(SaveLoopPlan.Slot)));

        var result = _store.Load(SaveLoopPlan.Slot);
        Assert.False(result.RecoveredFromBackup, $"The slot's save is damaged: {result.NewestProblem?.Message}");
        GraphAssert.Equal(SaveLoopPlan.Content(loads), result.Content);
        var backupFile = SaveSerializer.LoadFromFile<GameContent>(_store.BackupPathOf(SaveLoopPlan.Slot));
        GraphAssert.Equal(SaveLoopPlan.Content(backup), backupFile);

        // SaveLoop's own check, which build/test-arm64.sh relies on where these tests cannot run, sees the same.
        using var check = SaveLoopProcess.StartNativeIfPublished("check", _folder);
        Assert.Equal(0, check.WaitForExit(TimeSpan.FromMinutes(2)));
        Assert.Equal([$"slot {loads}, backup {backup}, temp {temp}"], check.Lines);
    }

    private void AssertNextSaveSucceeds()
    {
        using (var loop = SaveLoopProcess.Start(_folder, Next, 1))
        {
            int exitCode = loop.WaitForExit(TimeSpan.FromMinutes(2));
            Assert.True(exitCode == 0, $"The next save's process exited with {exitCode}: {loop.Error}");
            Assert.Equal([Next.ToString(CultureInfo.InvariantCulture)], loop.Lines);
        }

        GraphAssert.Equal(SaveLoopPlan.Content(Next), _store.Load(SaveLoopPlan.Slot).Content);
        Assert.Empty(AtomicFile.LeftoverTemps(_store.PathOf(SaveLoopPlan.Slot)));
    }
}

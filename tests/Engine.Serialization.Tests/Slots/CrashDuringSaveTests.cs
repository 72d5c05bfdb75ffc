using System.Globalization;
using Engine.Core.Model;
using Engine.Serialization.IO;
using Engine.Serialization.Slots;
using Engine.Testing;
using SaveLoop;

namespace Engine.Serialization.Tests.Slots;

/// <summary>
/// Kills a process that saves in a loop (tests/SaveLoop) at random moments, and after every kill
/// loads the slot: it must hold the last completed save or, if that was damaged, the one before,
/// exactly. CRASH_KILLS sets how many kills (build/crash-stress.sh runs thousands).
/// </summary>
public sealed class CrashDuringSaveTests(ITestOutputHelper output) : IDisposable
{
    private const int DefaultKills = 200;

    private readonly string _folder = Directory.CreateTempSubdirectory("engine-crash-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Fact]
    public void KilledWhileSaving_TheSlotAlwaysLoadsTheLastCompletedSaveOrTheOneBefore()
    {
        int kills = int.TryParse(Environment.GetEnvironmentVariable("CRASH_KILLS"), CultureInfo.InvariantCulture, out int n) ? n : DefaultKills;
        var random = new Random(20261122);
        var store = new SaveSlotStore<GameContent>(_folder);
        int next = 1;
        int killedMidWrite = 0;
        int recovered = 0;

        for (int kill = 1; kill <= kills; kill++)
        {
            int lastReported = RunAndKill(next, TimeSpan.FromMilliseconds(random.Next(0, 40)));
            killedMidWrite += AtomicFile.LeftoverTemps(store.PathOf(SaveLoopPlan.Slot)).Any() ? 1 : 0;

            var result = store.Load(SaveLoopPlan.Slot);
            int loaded = result.Content.Player.Moves;
            // The loop may have completed one more save than it managed to report before the kill.
            Assert.True(
                loaded == lastReported || loaded == lastReported + 1 || (loaded == lastReported - 1 && result.RecoveredFromBackup),
                $"Kill {kill}: the slot holds save {loaded}, but the last reported save was {lastReported} (recovered from backup: {result.RecoveredFromBackup}).");
            GraphAssert.Equal(SaveLoopPlan.Content(loaded), result.Content);
            recovered += result.RecoveredFromBackup ? 1 : 0;
            next = Math.Max(lastReported, loaded) + 1;
        }

        output.WriteLine($"{kills} kills survived ({killedMidWrite} left a half-written temp file, {recovered} loaded the backup), {next - 1} saves, 0 lost or unreadable slots.");

        // Otherwise every kill could have landed between saves, and the test would prove nothing about a write cut short.
        Assert.True(killedMidWrite > 0, $"None of the {kills} kills landed inside a write (no half-written temp file was left).");
    }

    /// <summary>Starts the loop at save <paramref name="first"/>, kills it <paramref name="delay"/> after its first completed save, and returns the last save it reported.</summary>
    private int RunAndKill(int first, TimeSpan delay)
    {
        using var loop = SaveLoopProcess.Start(_folder, first);
        if (!loop.WaitForFirstLine(TimeSpan.FromMinutes(1)) || loop.HasExited)
        {
            loop.Kill();
            Assert.Fail($"The save loop did not save within a minute or stopped by itself: {loop.Error}");
        }

        Thread.Sleep(delay);
        loop.Kill();
        return loop.Lines.Count == 0 ? first - 1 : int.Parse(loop.Lines[^1], CultureInfo.InvariantCulture);
    }
}

using System.Globalization;
using Engine.Core.Model;
using Engine.Serialization.Slots;
using Engine.Testing;
using SaveLoop;

namespace Engine.Serialization.Tests.Slots;

/// <summary>
/// Processes sharing a slot folder (a game and its launcher, two instances of a game): two processes save to one slot
/// at once while this one loads it throughout. No save may fail the other's, and every load sees one whole save.
/// </summary>
public sealed class SharedSlotTests : IDisposable
{
    // SHARED_SLOT_SAVES sets how many (build/crash-stress.sh runs thousands).
    private static readonly int SavesPerProcess =
        int.TryParse(Environment.GetEnvironmentVariable("SHARED_SLOT_SAVES"), CultureInfo.InvariantCulture, out int n) ? n : 200;

    private readonly string _folder = Directory.CreateTempSubdirectory("engine-shared-slot-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Fact]
    public void Save_TwoProcessesToOneSlotWhileAThirdLoads_NothingFails()
    {
        var writers = new[] { Start(1), Start(1_000_001) };
        var store = new SaveSlotStore<GameContent>(_folder);
        int loads = 0;
        var loadFailures = new List<string>();
        while (writers.Any(w => !w.HasExited))
        {
            if (!store.Exists(SaveLoopPlan.Slot))
            {
                Thread.Sleep(1);
                continue;
            }

            try
            {
                var result = store.Load(SaveLoopPlan.Slot);
                GraphAssert.Equal(SaveLoopPlan.Content(result.Content.Player.Moves), result.Content);
                if (result.NewestProblem is { } problem)
                {
                    loadFailures.Add("fell back to the backup: " + problem.Message);
                }

                loads++;
            }
            catch (SaveException e)
            {
                loadFailures.Add(e.Message);
            }
        }

        var outputs = writers.Select(w => Finish(w)).ToList();
        var saveFailures = outputs.SelectMany(lines => lines.Where(line => line.StartsWith("failed: ", StringComparison.Ordinal))).ToList();
        int saved = outputs.Sum(lines => lines.Count(line => !line.StartsWith("failed: ", StringComparison.Ordinal)));

        Assert.True(saveFailures.Count == 0, $"{saveFailures.Count} of {2 * SavesPerProcess} saves failed, for example: {saveFailures.FirstOrDefault()}");
        Assert.Equal(2 * SavesPerProcess, saved);
        Assert.True(loadFailures.Count == 0, $"{loadFailures.Count} of {loads + loadFailures.Count} loads failed, for example: {loadFailures.FirstOrDefault()}");
        Assert.True(loads > 0, "no load ran while the saves did");
        Assert.Empty(AtomicFileLeftovers());
    }

    private IEnumerable<string> AtomicFileLeftovers() => Directory.EnumerateFiles(_folder, "*.tmp");

    private SaveLoopProcess Start(int first) => SaveLoopProcess.Start(_folder, first, SavesPerProcess);

    /// <summary>The writer's lines, once it has exited; a watchdog of ten minutes catches a hang.</summary>
    private static IReadOnlyList<string> Finish(SaveLoopProcess writer)
    {
        using (writer)
        {
            int exitCode = writer.WaitForExit(TimeSpan.FromMinutes(10));
            Assert.True(exitCode == 0, $"The saving process exited with {exitCode}: {writer.Error}");
            return writer.Lines;
        }
    }
}

using System.Globalization;
using Engine.Core.Model;
using Engine.Serialization.Slots;

namespace Engine.Serialization.Tests.Slots;

/// <summary>
/// Processes sharing a slot folder (a game and its launcher, two instances of a game): two processes save to one slot
/// at once while a third loads it throughout (tests/SaveLoop, its load mode). No save may fail the other's, and every
/// load sees one whole save. The three are NativeAOT programs when SAVE_LOOP_NATIVE names the published SaveLoop
/// (build/test.sh and build/crash-stress.sh publish it), JIT ones (dotnet SaveLoop.dll) when it is unset.
/// </summary>
public sealed class SharedSlotTests(ITestOutputHelper output) : IDisposable
{
    // SHARED_SLOT_SAVES sets how many (build/crash-stress.sh runs thousands).
    private static readonly int SavesPerProcess =
        int.TryParse(Environment.GetEnvironmentVariable("SHARED_SLOT_SAVES"), CultureInfo.InvariantCulture, out int n) ? n : 200;

    private readonly string _root = Directory.CreateTempSubdirectory("engine-shared-slot-").FullName;

    private string Slots => Path.Combine(_root, "slots");

    public void Dispose() => Directory.Delete(_root, recursive: true);

    [Fact]
    public void Save_TwoProcessesToOneSlotWhileAThirdLoads_NothingFails()
    {
        if (SaveLoopProcess.Native is { } native && !File.Exists(native))
        {
            Assert.Fail($"SAVE_LOOP_NATIVE names {native}, which does not exist: publish it with 'bash build/publish-native.sh tests/SaveLoop/SaveLoop.csproj SaveLoop' (build/test.sh does).");
        }

        string stopFile = Path.Combine(_root, "stop");
        string count = SavesPerProcess.ToString(CultureInfo.InvariantCulture);
        var loader = Start("load", Slots, stopFile);
        var savers = new[] { Start(Slots, "1", count), Start(Slots, "1000001", count) };

        List<IReadOnlyList<string>> saverLines;
        try
        {
            saverLines = savers.Select(Finish).ToList();
        }
        finally
        {
            // The loader stops once the file exists, whether or not the savers finished well.
            File.WriteAllText(stopFile, "");
        }

        var loaderLines = Finish(loader);

        var saveFailures = saverLines.SelectMany(lines => lines.Where(IsFailure)).ToList();
        int saved = saverLines.Sum(lines => lines.Count(line => !IsFailure(line)));
        var loadFailures = loaderLines.Where(IsFailure).ToList();
        int loads = loaderLines.Select(line => line.StartsWith("loads: ", StringComparison.Ordinal) ? int.Parse(line[7..], CultureInfo.InvariantCulture) : 0).Sum();
        output.WriteLine($"{(SaveLoopProcess.Native is null ? "JIT" : "native")} processes: {saved} saves, {saveFailures.Count} failed; {loads} loads, {loadFailures.Count} failed");

        Assert.True(saveFailures.Count == 0, $"{saveFailures.Count} of {2 * SavesPerProcess} saves failed, for example: {saveFailures.FirstOrDefault()}");
        Assert.Equal(2 * SavesPerProcess, saved);
        Assert.True(loadFailures.Count == 0, $"{loadFailures.Count} of {loads + loadFailures.Count} loads failed, for example: {loadFailures.FirstOrDefault()}");
        Assert.True(loads > 0, "no load ran while the saves did");
        // Temp files start with '.', which .NET takes for hidden on Unix and skips unless told not to.
        Assert.Empty(Directory.EnumerateFiles(Slots, "*.tmp", new EnumerationOptions { AttributesToSkip = 0 }));
    }

    [Fact]
    public void Autosave_TwoProcessesIntoOneFolder_NumberEachAutosaveOnceAndKeepTheNewest()
    {
        const int AutosavesPerProcess = 40;
        string count = AutosavesPerProcess.ToString(CultureInfo.InvariantCulture);
        var savers = new[] { Start("autosave", Slots, "1", count), Start("autosave", Slots, "1000001", count) };
        var lines = savers.SelectMany(Finish).ToList();

        var failures = lines.Where(IsFailure).ToList();
        Assert.True(failures.Count == 0, $"{failures.Count} of {2 * AutosavesPerProcess} autosaves failed, for example: {failures.FirstOrDefault()}");
        var written = lines.Select(line => line.Split(' ')).ToDictionary(parts => parts[0], parts => int.Parse(parts[1], CultureInfo.InvariantCulture));
        Assert.Equal(2 * AutosavesPerProcess, written.Count); // no name given twice

        // The newest three by number stay, each holding what its process saved; nothing else but the shared lock and
        // each process's spare.
        var newest = written.Keys.Order(StringComparer.Ordinal).TakeLast(3).ToList();
        Assert.Equal(
            newest.Select(name => name + SaveSlotStore.FileExtension).Prepend(SlotFiles.AutosaveLock),
            AutosaveSpares.EntriesBesideSpares(Slots, storesWriting: 2, oldestKept: newest[0]));
        var store = new SaveSlotStore<GameContent>(Slots);
        Assert.All(newest, name => Assert.Equal(written[name], store.Load(name).Content.Player.Moves));
    }

    private static bool IsFailure(string line) => line.StartsWith("failed: ", StringComparison.Ordinal);

    private static SaveLoopProcess Start(params string[] arguments) => SaveLoopProcess.StartNativeIfPublished(arguments);

    /// <summary>The process's lines, once it has exited; a watchdog of ten minutes catches a hang.</summary>
    private static IReadOnlyList<string> Finish(SaveLoopProcess process)
    {
        using (process)
        {
            int exitCode = process.WaitForExit(TimeSpan.FromMinutes(10));
            Assert.True(exitCode == 0, $"A SaveLoop process exited with {exitCode}: {process.Error}");
            return process.Lines;
        }
    }
}

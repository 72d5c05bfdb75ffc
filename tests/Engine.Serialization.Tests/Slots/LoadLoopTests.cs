using Engine.Core.Model;
using Engine.Serialization.Slots;
using SaveLoop;

namespace Engine.Serialization.Tests.Slots;

/// <summary>SaveLoop's load mode, the shared-slot tests' third process: it must count whole saves and report anything else.</summary>
public sealed class LoadLoopTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("engine-load-loop-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    private string StopFile => Path.Combine(_folder, "stop");

    [Fact]
    public void Run_OfOneWholeSave_CountsOneLoad()
    {
        Store().Save(SaveLoopPlan.Slot, SaveLoopPlan.Content(7));

        Assert.Equal(["loads: 1"], Run());
    }

    [Fact]
    public void Run_OfContentThatIsNotThePlansSaveOfItsNumber_ReportsIt()
    {
        var content = SaveLoopPlan.Content(7);
        content.Camera.Zoom += 1;
        Store().Save(SaveLoopPlan.Slot, content);

        Assert.Equal(["failed: the load of save 7 differs from what that save held", "loads: 0"], Run());
    }

    [Fact]
    public void Run_OfADamagedNewestSave_ReportsTheFallBackToTheBackup()
    {
        Store().Save(SaveLoopPlan.Slot, SaveLoopPlan.Content(7));
        Store().Save(SaveLoopPlan.Slot, SaveLoopPlan.Content(8));
        File.WriteAllBytes(Store().PathOf(SaveLoopPlan.Slot), [1, 2, 3]);

        var lines = Run();

        Assert.StartsWith("failed: fell back to the backup: ", lines[0], StringComparison.Ordinal);
        Assert.Equal("loads: 0", lines[^1]);
    }

    private SaveSlotStore<GameContent> Store() => new(Path.Combine(_folder, "slots"));

    /// <summary>With the stop file already there, the loop loads once.</summary>
    private string[] Run()
    {
        File.WriteAllText(StopFile, "");
        var output = new StringWriter();
        Assert.Equal(0, LoadLoop.Run(Path.Combine(_folder, "slots"), StopFile, output));
        return output.ToString().Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
    }
}

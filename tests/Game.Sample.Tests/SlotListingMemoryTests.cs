using Engine.Core.Model;
using Engine.Serialization;
using Engine.Serialization.Container;
using Engine.Serialization.Slots;
using Game.Sample.Game;

namespace Game.Sample.Tests;

/// <summary>
/// The native game's `slots` command over a folder of saves with large thumbnails (issue 31): its memory must not grow
/// with the thumbnails it lists, since a listing keeps only their sizes.
/// </summary>
public sealed class SlotListingMemoryTests : IDisposable
{
    // Enough for memory that grows with the folder to cross the bound many times over, in 256 MiB of disk.
    private const int Slots = 16;

    // As large as the metadata limit (16 MiB) lets a thumbnail be, leaving room for the rest of the metadata.
    private static readonly int ThumbnailBytes = LoadOptions.Default.MaxMetadataBytes - 1024;

    // The native game peaks at about 8 MiB by itself: holding even one of the thumbnails whole would cross this.
    private const long PeakBound = 20L << 20;

    private readonly string _saveDir = Directory.CreateTempSubdirectory("slot-listing-memory-").FullName;

    public void Dispose() => Directory.Delete(_saveDir, recursive: true);

    [Fact]
    public void Slots_OfSavesWithThumbnailsAtTheMetadataLimit_PeaksUnderTwentyMiB_InTheNativeGame()
    {
        var store = SaveSlotStore.ForGame<GameContent>(World.GameId, _saveDir);
        byte[] thumbnail = new byte[ThumbnailBytes];
        new Random(31).NextBytes(thumbnail);
        for (int i = 0; i < Slots; i++)
        {
            store.Save($"slot {i:D2}", World.NewGame(), new SaveMetadata { Title = $"Save {i:D2}", Thumbnail = thumbnail });
        }

        var run = GameProgram.Native.RunMeasuringMemory(["play", "--save-dir", _saveDir], "slots\nquit\n");

        Assert.True(run.ExitCode == 0 && run.Error.Length == 0, $"native play exited {run.ExitCode}: {run.Error}");
        Assert.All(Enumerable.Range(0, Slots), i => Assert.Contains($"slot {i:D2}", run.Output, StringComparison.Ordinal));
        Assert.All(Enumerable.Range(0, Slots), i => Assert.Contains($"Save {i:D2}", run.Output, StringComparison.Ordinal));
        Assert.True(
            run.PeakMemoryBytes < PeakBound,
            $"listing {Slots} saves with {ThumbnailBytes:N0}-byte thumbnails peaked at {run.PeakMemoryBytes >> 20} MiB (bound {PeakBound >> 20} MiB)");
    }
}

using Engine.Core.Model;
using Engine.Serialization.IO;
using Engine.Serialization.Slots;
using Engine.Testing;

namespace Engine.Serialization.Tests.Platform;

/// <summary>
/// A save onto a disk with no room left, on Linux (ENOSPC) and on Windows (ERROR_DISK_FULL, under Wine): it fails with
/// one SaveIOException that says the disk is full, the slot still loads the save before it, and no temp file is left.
/// </summary>
public sealed class FullDiskTests : IDisposable
{
    private readonly SmallDisk _disk = SmallDisk.Create();

    public void Dispose() => _disk.Dispose();

    [Fact]
    public void Save_OntoAFullDisk_FailsSayingTheDiskIsFull_AndTheSlotKeepsItsPreviousSave()
    {
        var store = new SaveSlotStore<GameContent>(_disk.Folder);
        var previous = ContentGenerator.Create(ContentSize.Small, seed: 1);
        store.Save("journey", previous);
        _disk.Fill();

        var refused = Assert.Throws<SaveIOException>(() => store.Save("journey", ContentGenerator.Create(ContentSize.Small, seed: 2)));

        Assert.Contains("the disk is full", refused.Message, StringComparison.Ordinal);
        Assert.Contains("free some space", refused.Message, StringComparison.Ordinal);
        var loaded = store.Load("journey");
        Assert.False(loaded.RecoveredFromBackup);
        GraphAssert.Equal(previous, loaded.Content);
        Assert.Empty(AtomicFile.LeftoverTemps(store.PathOf("journey")));
    }
}

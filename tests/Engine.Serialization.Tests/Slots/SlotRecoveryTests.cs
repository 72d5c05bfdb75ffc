using System.Buffers;
using Engine.Core.Model;
using Engine.Serialization.Container;
using Engine.Serialization.IO;
using Engine.Serialization.Slots;
using Engine.Testing;

namespace Engine.Serialization.Tests.Slots;

/// <summary>A damaged or half-written newest save never costs the player more than that one save.</summary>
public sealed class SlotRecoveryTests : IDisposable
{
    private const string Slot = "chapter 3";

    private readonly string _folder = Directory.CreateTempSubdirectory("engine-recovery-").FullName;
    private readonly GameContent _previous = ContentGenerator.Create(ContentSize.Small, seed: 1);
    private readonly GameContent _newest = ContentGenerator.Create(ContentSize.Small, seed: 2);

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    public static TheoryData<string> Damages => ["bit flip", "truncated", "empty", "zeroed", "missing", "garbage"];

    [Theory]
    [MemberData(nameof(Damages))]
    public void Load_NewestDamaged_LoadsTheBackupAndSaysWhy(string damage)
    {
        var store = StoreWithTwoSaves();
        Damage(store.PathOf(Slot), damage);

        var result = store.Load(Slot);

        Assert.True(result.RecoveredFromBackup);
        Assert.IsAssignableFrom<SaveException>(result.NewestProblem);
        Assert.Contains(store.PathOf(Slot), result.NewestProblem!.Message, StringComparison.Ordinal);
        GraphAssert.Equal(_previous, result.Content);
    }

    [Fact]
    public void Load_NewestIntact_LoadsIt_WithoutRecovery()
    {
        var result = StoreWithTwoSaves().Load(Slot);

        Assert.False(result.RecoveredFromBackup);
        Assert.Null(result.NewestProblem);
        GraphAssert.Equal(_newest, result.Content);
    }

    [Fact]
    public void Load_BothDamaged_ThrowsSaveCorruptedNamingBoth()
    {
        var store = StoreWithTwoSaves();
        Damage(store.PathOf(Slot), "bit flip");
        Damage(store.BackupPathOf(Slot), "truncated");

        var error = Assert.Throws<SaveCorruptedException>(() => store.Load(Slot));

        Assert.Contains("both damaged", error.Message, StringComparison.Ordinal);
        Assert.Contains(store.BackupPathOf(Slot), error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Load_OnlySaveDamaged_NoBackupYet_ThrowsSaveCorrupted()
    {
        var store = new SaveSlotStore<GameContent>(_folder);
        store.Save(Slot, _newest);
        Damage(store.PathOf(Slot), "bit flip");

        Assert.Throws<SaveCorruptedException>(() => store.Load(Slot));
    }

    [Fact]
    public void Load_NewestFromANewerGame_IsRefused_NotSilentlyReplacedByTheBackup()
    {
        var store = StoreWithTwoSaves();
        var (info, payload) = SaveSerializer.ReadPayload(File.ReadAllBytes(store.PathOf(Slot)));
        var newer = new ArrayBufferWriter<byte>();
        SaveContainer.Write(newer, info.Header.Format, info.Header.Compression, GameContent.CurrentSchemaVersion + 1, info.Metadata, payload.Span, payload.Length);
        File.WriteAllBytes(store.PathOf(Slot), newer.WrittenSpan.ToArray());

        var error = Assert.Throws<UnsupportedSaveVersionException>(() => store.Load(Slot));

        Assert.Contains("update the game", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(nameof(WriteStep.CreateTemp))]
    [InlineData(nameof(WriteStep.WriteData))]
    [InlineData(nameof(WriteStep.FlushData))]
    [InlineData(nameof(WriteStep.Replace))]
    public async Task SaveAsync_FailingAtAnyStep_ReportsIt_AndThePreviousSaveStillLoads(string failingStep)
    {
        new SaveSlotStore<GameContent>(_folder).Save(Slot, _previous);
        var failingStore = new SaveSlotStore<GameContent>(_folder)
        {
            BeforeWriteStep = step =>
            {
                if (step == Enum.Parse<WriteStep>(failingStep))
                {
                    throw new IOException("Input/output error (injected)");
                }
            },
        };

        await Assert.ThrowsAsync<SaveIOException>(() => failingStore.SaveAsync(Slot, _newest));

        var result = new SaveSlotStore<GameContent>(_folder).Load(Slot);
        Assert.False(result.RecoveredFromBackup);
        GraphAssert.Equal(_previous, result.Content);
        Assert.Empty(AtomicFile.LeftoverTemps(failingStore.PathOf(Slot)));
    }

    [Fact]
    public void LeftoverTempFiles_AreIgnoredByListAndLoad_AndRemovedByTheNextSave()
    {
        var store = StoreWithTwoSaves();
        string leftover = Path.Combine(_folder, $".{Path.GetFileName(store.PathOf(Slot))}.0f0f{AtomicFile.TempSuffix}");
        File.WriteAllBytes(leftover, File.ReadAllBytes(store.PathOf(Slot)).AsSpan(0, 100).ToArray());

        Assert.Equal([Slot], store.List().Select(s => s.Name));
        GraphAssert.Equal(_newest, store.Load(Slot).Content);

        store.Save(Slot, _previous);
        Assert.False(File.Exists(leftover));
    }

    [Fact]
    public void Delete_RemovesTheBackupToo()
    {
        var store = StoreWithTwoSaves();

        Assert.True(store.Delete(Slot));

        // Only the slot's lock file stays: deleting it could let two processes hold "the" lock at once.
        Assert.Equal([store.PathOf(Slot) + SaveSlotStore.LockExtension], Directory.GetFileSystemEntries(_folder));
        Assert.Throws<SaveIOException>(() => store.Load(Slot));
    }

    private SaveSlotStore<GameContent> StoreWithTwoSaves()
    {
        var store = new SaveSlotStore<GameContent>(_folder);
        store.Save(Slot, _previous);
        store.Save(Slot, _newest);
        return store;
    }

    private static void Damage(string path, string damage)
    {
        byte[] bytes = File.ReadAllBytes(path);
        switch (damage)
        {
            case "bit flip":
                bytes[^100] ^= 0x08;
                File.WriteAllBytes(path, bytes);
                break;
            case "truncated":
                File.WriteAllBytes(path, bytes.AsSpan(0, bytes.Length * 2 / 3).ToArray());
                break;
            case "empty":
                File.WriteAllBytes(path, []);
                break;
            case "zeroed":
                // What some file systems leave after a power cut: the right length, no data.
                File.WriteAllBytes(path, new byte[bytes.Length]);
                break;
            case "missing":
                File.Delete(path);
                break;
            case "garbage":
                File.WriteAllText(path, "not a save at all");
                break;
            default:
                throw new ArgumentOutOfRangeException(nameof(damage), damage, null);
        }
    }
}

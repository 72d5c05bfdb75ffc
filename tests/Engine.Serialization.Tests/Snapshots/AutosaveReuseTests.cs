using Engine.Core.Model;
using Engine.Serialization.IO;
using Engine.Serialization.Slots;
using Microsoft.Win32.SafeHandles;

namespace Engine.Serialization.Tests.Snapshots;

/// <summary>
/// An autosave is built in the store's spare, the oldest autosave the previous one retired under a temp name, writing
/// only the pages that changed since that file was written: the file is still byte for byte a full save, a spare the
/// store did not write (or that changed since) is not reused, and a write that fails loses only that spare.
/// </summary>
public sealed class AutosaveReuseTests : IDisposable
{
    private const int Kept = 3;

    private readonly string _folder = Directory.CreateTempSubdirectory("autosave-reuse-").FullName;
    private readonly GameContent _content = ContentGenerator.Create(ContentSize.Medium);
    private readonly Random _random = new(23);

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Fact]
    public async Task Autosaves_BuiltInTheSpare_AreFullSaves_AndReuseTheOldestFile()
    {
        var store = new SaveSlotStore<GameContent>(_folder) { AutosavesKept = Kept };
        SafeFileHandle? spareWitness = null;
        for (var round = 1; round <= 10; round++)
        {
            // An autosave retires the oldest as its spare when it makes one too many; the next autosave is built in it.
            var retiring = store.List().Count >= Kept ? Witness(OldestAutosave(store)!) : null;

            var slot = await Autosave(store);

            Assert.Equal(Math.Min(round, Kept), store.List().Count);
            Assert.Equal([], Directory.GetFiles(_folder, "*.bak"));
            Assert.True(Spares().Count <= 1);
            if (spareWitness is not null)
            {
                // The retired file now holds the new autosave: it was written over, not replaced by a new file.
                Assert.Equal(File.ReadAllBytes(store.PathOf(slot)), ReadAll(spareWitness));
                spareWitness.Dispose();
            }

            spareWitness = retiring;
        }

        spareWitness?.Dispose();
    }

    [Fact]
    public async Task Autosave_InASpareRewrittenByOthers_WritesANewFile_AndDeletesTheSpare()
    {
        var store = new SaveSlotStore<GameContent>(_folder) { AutosavesKept = Kept };
        for (var round = 0; round <= Kept; round++)
        {
            await Autosave(store);
        }

        var spare = Assert.Single(Spares());
        var foreign = SaveSerializer.Save(ContentGenerator.Create(ContentSize.Small));
        File.WriteAllBytes(spare, foreign);
        using var witness = Witness(spare);

        await Autosave(store);

        Assert.Equal(foreign, ReadAll(witness));
        Assert.False(File.Exists(spare));
    }

    [Theory]
    [InlineData(nameof(WriteStep.CreateTemp))]
    [InlineData(nameof(WriteStep.WriteData))]
    [InlineData(nameof(WriteStep.FlushData))]
    [InlineData(nameof(WriteStep.Replace))]
    public async Task Autosave_InTheSpare_ThatFails_KeepsTheNewerAutosaves_AndTheNextOneIsAFullSave(string step)
    {
        var failing = false;
        var store = new SaveSlotStore<GameContent>(_folder)
        {
            AutosavesKept = Kept,
            BeforeWriteStep = at =>
            {
                if (failing && at == Enum.Parse<WriteStep>(step))
                {
                    throw new IOException("No space left on device (injected)");
                }
            },
        };
        for (var round = 0; round <= Kept; round++) // one more than kept: the store has its spare
        {
            await Autosave(store);
        }

        var newer = store.List().Select(slot => slot.Name).Order(StringComparer.Ordinal).Skip(1).ToList();
        failing = true;
        GameChanges.Apply(_content, _random, changes: 3);
        await Assert.ThrowsAsync<SaveIOException>(() => store.AutosaveAsync(_content));
        failing = false;

        Assert.Subset(store.List().Select(slot => slot.Name).ToHashSet(), newer.ToHashSet());
        Assert.All(newer, slot => Assert.False(store.Load(slot).RecoveredFromBackup));
        Assert.Empty(Directory.GetFiles(_folder, "*.tmp", new EnumerationOptions { AttributesToSkip = 0 }));
        await Autosave(store);
    }

    /// <summary>Autosaves after a few random changes, and checks the file is the full save of the game.</summary>
    private async Task<string> Autosave(SaveSlotStore<GameContent> store)
    {
        GameChanges.Apply(_content, _random, changes: 3);
        var slot = await store.AutosaveAsync(_content);
        var file = File.ReadAllBytes(store.PathOf(slot));
        Assert.Equal(SaveSerializer.Save(_content, SaveSerializer.ReadPayload(file).Info.Metadata), file);
        return slot;
    }

    /// <summary>The store's spare: a hidden temp file of an older autosave.</summary>
    private List<string> Spares() =>
        [.. Directory.GetFiles(_folder, ".autosave-*.tmp", new EnumerationOptions { AttributesToSkip = 0 })];

    private static string? OldestAutosave(SaveSlotStore<GameContent> store) =>
        store.List().Select(slot => store.PathOf(slot.Name)).Order(StringComparer.Ordinal).FirstOrDefault();

    /// <summary>
    /// The file held open, which sees whatever is written into it whatever its name becomes: a second name (a hard link)
    /// would keep the store from writing it in place. Open to write too, for which .NET takes no flock that could keep
    /// the store from opening it.
    /// </summary>
    private static SafeFileHandle Witness(string path) =>
        File.OpenHandle(path, FileMode.Open, FileAccess.ReadWrite, FileShare.ReadWrite | FileShare.Delete);

    private static byte[] ReadAll(SafeFileHandle file)
    {
        var bytes = new byte[RandomAccess.GetLength(file)];
        Assert.Equal(bytes.Length, RandomAccess.Read(file, bytes, 0));
        return bytes;
    }
}

using System.Buffers;
using System.Buffers.Binary;
using System.Reflection;
using System.Text.RegularExpressions;
using Engine.Core.Model;
using Engine.Serialization.Container;
using Engine.Serialization.Slots;
using Engine.Serialization.Tests.Fuzzing;
using MessagePack;

namespace Engine.Serialization.Tests.Slots;

/// <summary>
/// A slot list holds each save's header and the metadata it shows, never a thumbnail's bytes, yet checks the whole
/// metadata block as a load does; a game reads one slot's thumbnail when it wants it.
/// </summary>
public sealed class SlotListingTests : IDisposable
{
    private const int ThumbnailBytes = 4 << 20;

    private readonly string _folder = Directory.CreateTempSubdirectory("engine-slot-listing-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Fact]
    public void List_OfSavesWithLargeThumbnails_ReadsNoThumbnailIntoMemory_ButChecksEveryMetadataByte()
    {
        const int saves = 8;
        var writer = new SaveSlotStore<GameContent>(_folder);
        for (int i = 0; i < saves; i++)
        {
            writer.Save($"slot {i}", Game(), new SaveMetadata { Title = $"Save {i}", Thumbnail = Thumbnail(i) });
        }

        long bytesRead = 0;
        var store = new SaveSlotStore<GameContent>(_folder) { OpenForListing = path => Counting(path, read => bytesRead += read) };
        store.List(); // the first listing rents its piece of the pool and runs the metadata reader's static setup
        bytesRead = 0;
        long before = GC.GetAllocatedBytesForCurrentThread();

        var slots = store.List();

        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        Assert.Equal(saves, slots.Count);
        Assert.All(slots, slot =>
        {
            Assert.True(slot.IsLoadable, slot.Problem);
            Assert.Equal($"Save {slot.Name[^1]}", slot.Info!.Metadata.Title);
            Assert.Equal(ThumbnailBytes, slot.Info.ThumbnailLength);
            Assert.Empty(slot.Info.Metadata.Thumbnail);
        });
        Assert.Equal(slots.Sum(slot => SaveContainer.HeaderSize + (long)slot.Info!.Header.MetadataLength), bytesRead);
        Assert.True(allocated < 256 * 1024, $"listing {saves} saves with {ThumbnailBytes:N0}-byte thumbnails allocated {allocated:N0} bytes");
    }

    [Fact]
    public void List_OfASaveWhoseThumbnailWasDamaged_ListsItAsUnreadable()
    {
        var store = new SaveSlotStore<GameContent>(_folder);
        store.Save("intact", Game(), new SaveMetadata { Thumbnail = Thumbnail(1) });
        store.Save("damaged", Game(), new SaveMetadata { Thumbnail = Thumbnail(2) });
        DamageThumbnail(store.PathOf("damaged"));

        var slots = store.List().ToDictionary(slot => slot.Name);

        Assert.True(slots["intact"].IsLoadable);
        Assert.Null(slots["damaged"].Info);
        Assert.Contains("metadata's checksum does not match", slots["damaged"].Problem, StringComparison.Ordinal);
    }

    [Fact]
    public void ReadThumbnail_OfASlot_GivesTheSavedBytes_WithoutReadingThePayload()
    {
        new SaveSlotStore<GameContent>(_folder).Save("Chapter 2: The Cave", Game(), new SaveMetadata { Thumbnail = Thumbnail(7) });
        long bytesRead = 0;
        var store = new SaveSlotStore<GameContent>(_folder) { OpenForListing = path => Counting(path, read => bytesRead += read) };

        byte[] thumbnail = store.ReadThumbnail("chapter 2: the cave");

        Assert.Equal(Thumbnail(7), thumbnail);
        var info = SaveSerializer.ReadInfo(store.PathOf("Chapter 2: The Cave"));
        Assert.Equal(SaveContainer.HeaderSize + info.Header.MetadataLength, bytesRead);
        Assert.Equal(thumbnail, info.Metadata.Thumbnail);
        Assert.Equal(ThumbnailBytes, info.ThumbnailLength);
    }

    [Fact]
    public void ReadThumbnail_OfASaveWithoutOne_IsEmpty()
    {
        var store = new SaveSlotStore<GameContent>(_folder);
        store.Save("plain", Game());

        Assert.Empty(store.ReadThumbnail("plain"));
        Assert.Equal(0, Assert.Single(store.List()).Info!.ThumbnailLength);
    }

    [Fact]
    public void ReadThumbnail_OfADamagedThumbnail_ThrowsSaveCorruptedNamingTheFile()
    {
        var store = new SaveSlotStore<GameContent>(_folder);
        store.Save("slot", Game(), new SaveMetadata { Thumbnail = Thumbnail(3) });
        DamageThumbnail(store.PathOf("slot"));

        var error = Assert.Throws<SaveCorruptedException>(() => store.ReadThumbnail("slot"));

        Assert.Contains("metadata's checksum does not match", error.Message, StringComparison.Ordinal);
        Assert.Equal(store.PathOf("slot"), error.FilePath);
    }

    [Fact]
    public void ReadThumbnail_OverTheStoresMetadataLimit_ThrowsSaveTooLarge_BeforeReadingIt()
    {
        new SaveSlotStore<GameContent>(_folder).Save("slot", Game(), new SaveMetadata { Thumbnail = Thumbnail(4) });
        long bytesRead = 0;
        var store = new SaveSlotStore<GameContent>(_folder, loadOptions: new LoadOptions { MaxMetadataBytes = 1 << 20 })
        {
            OpenForListing = path => Counting(path, read => bytesRead += read),
        };

        var error = Assert.Throws<SaveTooLargeException>(() => store.ReadThumbnail("slot"));

        Assert.Equal(store.PathOf("slot"), error.FilePath);
        Assert.Equal(SaveContainer.HeaderSize, bytesRead);
    }

    [Fact]
    public void ReadThumbnail_OfASlotWithNoSave_ThrowsSaveIOExceptionNamingTheSlot()
    {
        var store = new SaveSlotStore<GameContent>(_folder);

        var error = Assert.Throws<SaveIOException>(() => store.ReadThumbnail("Nothing Here"));

        Assert.Contains("There is no save in slot 'Nothing Here'", error.Message, StringComparison.Ordinal);
        Assert.Equal(store.PathOf("nothing here"), error.FilePath);
    }

    [Fact]
    public void ReadInfo_WithoutTheThumbnail_KeepsEveryOtherMemberOfTheMetadata()
    {
        // Every member set by reflection, so that a member added to SaveMetadata later is checked too.
        var metadata = new SaveMetadata();
        foreach (var property in MetadataMembers())
        {
            property.SetValue(metadata, property.PropertyType switch
            {
                var type when type == typeof(string) => $"{property.Name} value",
                var type when type == typeof(DateTime) => new DateTime(2026, 11, 28, 9, 30, 0, DateTimeKind.Utc),
                var type when type == typeof(double) => 4521.25,
                var type when type == typeof(byte[]) => Thumbnail(5),
                var type => throw new InvalidOperationException($"SaveMetadata.{property.Name} is a {type}: give this test a value of it."),
            });
        }

        byte[] file = SaveFiles.FrameStored(SaveFormat.MessagePack, SaveCompression.None, [0x80], 1, metadata);

        var whole = Read(file, withThumbnail: true);
        var listed = Read(file, withThumbnail: false);

        Assert.All(MetadataMembers().Where(p => p.Name != nameof(SaveMetadata.Thumbnail)), property =>
            Assert.Equal(property.GetValue(whole.Metadata), property.GetValue(listed.Metadata)));
        Assert.Equal(metadata.Title, listed.Metadata.Title);
        Assert.Equal(Thumbnail(5), whole.Metadata.Thumbnail);
        Assert.Empty(listed.Metadata.Thumbnail);
        Assert.Equal((ThumbnailBytes, ThumbnailBytes), (whole.ThumbnailLength, listed.ThumbnailLength));
    }

    /// <summary>
    /// The metadata block read in pieces, with the thumbnail and without it, against the same block read whole by a load:
    /// damaged blocks (checksums made to match, or not) are refused as the same kind of damage, and intact ones give the same
    /// metadata. The first problem named may differ: the streamed reader finds a block's structure broken before it decodes
    /// a member of the wrong type that comes earlier.
    /// </summary>
    [Fact]
    public void ReadInfo_OfDamagedMetadataBlocks_AgreesWithTheLoadsReadingOfTheWholeBlock()
    {
        byte[] save = SaveFiles.FrameStored(SaveFormat.MessagePack, SaveCompression.None, [0x80], 1);
        byte[][] blocks = [SeedBlock(withUnknownMembers: true), SeedBlock(withUnknownMembers: false)];
        var mutator = new Mutator(new Random(31));
        var outcomes = new Dictionary<string, int>(StringComparer.Ordinal);
        for (int i = 0; i < 20_000; i++)
        {
            byte[] block = mutator.Mutate(blocks[i % 2], blocks[1 - (i % 2)]);
            byte[] file = SaveFiles.WithMetadataBytes(save, block);
            if (i % 10 == 0 && block.Length > 0)
            {
                file[SaveContainer.HeaderSize + (block.Length / 2)] ^= 0x10; // a damaged block whose checksum does not match
            }

            string outcome = Agreement(file);
            outcomes[outcome] = outcomes.GetValueOrDefault(outcome) + 1;
        }

        string[] rules = ["loaded", "checksum does not match", "could not be decoded", "bytes after its map", "names its member", "does not name the model"];
        var unreached = rules.Where(rule => !outcomes.Keys.Any(outcome => outcome.Contains(rule, StringComparison.Ordinal))).ToList();
        Assert.True(unreached.Count == 0, $"no block reached: {string.Join(", ", unreached)} ({string.Join(", ", outcomes)})");
    }

    /// <summary>Reads a file both ways and fails unless they agree; returns what happened, for the tally.</summary>
    private static string Agreement(byte[] file)
    {
        SaveInfo? whole = null;
        SaveException? wholeRefusal = null;
        try
        {
            whole = SaveContainer.Open(file, LoadOptions.Default).Info;
        }
        catch (SaveException e)
        {
            wholeRefusal = e;
        }

        foreach (bool withThumbnail in (ReadOnlySpan<bool>)[true, false])
        {
            SaveInfo? streamed = null;
            SaveException? refusal = null;
            try
            {
                streamed = Read(file, withThumbnail);
            }
            catch (SaveException e)
            {
                refusal = e;
            }

            string input = Convert.ToHexString(file.AsSpan(SaveContainer.HeaderSize, BinaryPrimitives.ReadInt32LittleEndian(file.AsSpan(SaveContainer.MetadataLengthOffset))));
            Assert.True(refusal?.GetType() == wholeRefusal?.GetType(), $"streamed: {refusal?.Message ?? "loaded"}; whole: {wholeRefusal?.Message ?? "loaded"}; block {input}");
            if (whole is not null)
            {
                Assert.Equal((whole.Header, whole.Metadata.Title, whole.Metadata.SavedAtUtc, whole.Metadata.GameId, whole.Metadata.ModelId, whole.Metadata.SlotName),
                    (streamed!.Header, streamed.Metadata.Title, streamed.Metadata.SavedAtUtc, streamed.Metadata.GameId, streamed.Metadata.ModelId, streamed.Metadata.SlotName));
                Assert.Equal(whole.Metadata.PlayTimeSeconds, streamed.Metadata.PlayTimeSeconds);
                Assert.Equal(whole.Metadata.Thumbnail.Length, streamed.ThumbnailLength);
                Assert.Equal(withThumbnail ? whole.Metadata.Thumbnail : [], streamed.Metadata.Thumbnail);
            }
        }

        return wholeRefusal is null ? "loaded" : $"{wholeRefusal.GetType().Name}: {Regex.Replace(wholeRefusal.Reason, "[0-9,]+", "N")}";
    }

    /// <summary>
    /// A metadata block holding every member, a small thumbnail and, when asked, members this build doesn't know, nested
    /// and of every kind, for the mutations to work on.
    /// </summary>
    private static byte[] SeedBlock(bool withUnknownMembers)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new MessagePackWriter(buffer);
        writer.WriteMapHeader(withUnknownMembers ? 10 : 7);
        writer.Write(nameof(SaveMetadata.Title));
        writer.Write("Chapter 2");
        writer.Write(nameof(SaveMetadata.SavedAtUtc));
        writer.Write(new DateTime(2026, 11, 28, 9, 30, 0, DateTimeKind.Utc));
        writer.Write(nameof(SaveMetadata.PlayTimeSeconds));
        writer.Write(4521.25);
        writer.Write(nameof(SaveMetadata.GameId));
        writer.Write("the-lighthouse");
        writer.Write(nameof(SaveMetadata.Thumbnail));
        writer.Write((ReadOnlySpan<byte>)[0x89, 0x50, 0x4E, 0x47, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
        if (withUnknownMembers)
        {
            writer.Write("Screenshot");
            writer.Write(new byte[300]);
            writer.Write("Party");
            writer.WriteArrayHeader(3);
            writer.WriteMapHeader(1);
            writer.Write("Name");
            writer.Write("Wren");
            writer.Write(-12345678901L);
            writer.WriteExtensionFormat(new ExtensionResult(5, new byte[] { 1, 2, 3 }));
            writer.Write(7);
            writer.Write(1.5f);
        }

        writer.Write(nameof(SaveMetadata.ModelId));
        writer.Write(SaveContainer.Version1ModelId);
        writer.Write(nameof(SaveMetadata.SlotName));
        writer.Write("Chapter 2: The Cave");
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    private static SaveInfo Read(byte[] file, bool withThumbnail)
    {
        using var stream = new MemoryStream(file, writable: false);
        return SaveContainer.ReadInfo(stream, LoadOptions.Default, withThumbnail);
    }

    private static IEnumerable<PropertyInfo> MetadataMembers() =>
        typeof(SaveMetadata).GetProperties(BindingFlags.Public | BindingFlags.Instance).Where(p => p.CanWrite);

    private static GameContent Game() => ContentGenerator.Create(ContentSize.Small, 1);

    /// <summary>A thumbnail of <see cref="ThumbnailBytes"/> bytes, different for each seed.</summary>
    private static byte[] Thumbnail(int seed)
    {
        byte[] thumbnail = new byte[ThumbnailBytes];
        new Random(seed).NextBytes(thumbnail);
        return thumbnail;
    }

    /// <summary>Flips a bit in the middle of the save's metadata block, where its thumbnail lies.</summary>
    private static void DamageThumbnail(string path)
    {
        byte[] file = File.ReadAllBytes(path);
        file[SaveContainer.HeaderSize + (BinaryPrimitives.ReadInt32LittleEndian(file.AsSpan(SaveContainer.MetadataLengthOffset)) / 2)] ^= 0x01;
        File.WriteAllBytes(path, file);
    }

    /// <summary>The slot file, counting the bytes read from it.</summary>
    private static Stream Counting(string path, Action<int> onRead) => new CountingFileStream(path, onRead);

    /// <summary>A derived FileStream reads spans through this overload too.</summary>
    private sealed class CountingFileStream(string path, Action<int> onRead) : FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, bufferSize: 1)
    {
        public override int Read(byte[] buffer, int offset, int count)
        {
            int read = base.Read(buffer, offset, count);
            onRead(read);
            return read;
        }
    }
}

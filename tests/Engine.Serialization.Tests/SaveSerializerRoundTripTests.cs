using System.Buffers;
using System.IO.Pipelines;
using Engine.Core.Model;
using Engine.Serialization.Container;
using Engine.Testing;

namespace Engine.Serialization.Tests;

public sealed class SaveSerializerRoundTripTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("engine-roundtrip-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    public static TheoryData<ContentSize> Sizes => new(Enum.GetValues<ContentSize>());

    [Fact]
    public void Save_WithMetadataHoldingOnlyAThumbnail_KeepsTheGamesTitlePlayTimeAndTimeStamp()
    {
        var content = ContentGenerator.Create(ContentSize.Small);
        content.PlayTimeSeconds = 4321.5;
        string path = Path.Combine(_folder, "thumbnail.sav");
        var before = DateTime.UtcNow;

        SaveSerializer.SaveToFile(path, content, new SaveMetadata { Thumbnail = [0x89, 0x50, 0x4E, 0x47] });
        var metadata = SaveSerializer.ReadInfo(path).Metadata;

        Assert.Equal(content.Title, metadata.Title);
        Assert.Equal(4321.5, metadata.PlayTimeSeconds);
        Assert.InRange(metadata.SavedAtUtc, before.AddSeconds(-1), DateTime.UtcNow.AddSeconds(1));
        Assert.Equal([0x89, 0x50, 0x4E, 0x47], metadata.Thumbnail);
    }

    [Fact]
    public void Save_WithMetadataGivingATitle_KeepsThatTitleAndTheRestFromTheGame()
    {
        var content = ContentGenerator.Create(ContentSize.Small);
        content.PlayTimeSeconds = 12;
        string path = Path.Combine(_folder, "titled.sav");

        SaveSerializer.SaveToFile(path, content, new SaveMetadata { Title = "Before the cave" });
        var metadata = SaveSerializer.ReadInfo(path).Metadata;

        Assert.Equal("Before the cave", metadata.Title);
        Assert.Equal(12, metadata.PlayTimeSeconds);
        Assert.NotEqual(default, metadata.SavedAtUtc);
    }

    [Theory]
    [MemberData(nameof(Sizes))]
    public void Save_ThenLoad_ByteArray_GivesEqualContent(ContentSize size)
    {
        var content = ContentGenerator.Create(size);

        var loaded = SaveSerializer.Load<GameContent>(SaveSerializer.Save(content));

        GraphAssert.Equal(content, loaded);
    }

    [Fact]
    public void Save_ThenLoad_BufferWriter_GivesEqualContent()
    {
        var content = ContentGenerator.Create(ContentSize.Medium);
        var buffer = new ArrayBufferWriter<byte>();

        SaveSerializer.Save(buffer, content);

        GraphAssert.Equal(content, SaveSerializer.Load<GameContent>(buffer.WrittenMemory));
    }

    [Fact]
    public void Save_ThenLoad_Stream_GivesEqualContent()
    {
        var content = ContentGenerator.Create(ContentSize.Medium);
        using var stream = new MemoryStream();

        SaveSerializer.Save(stream, content);
        stream.Position = 0;

        GraphAssert.Equal(content, SaveSerializer.Load<GameContent>(stream));
    }

    [Fact]
    public async Task SaveAsync_ThenLoadAsync_NonSeekableStream_GivesEqualContent()
    {
        var content = ContentGenerator.Create(ContentSize.Medium);
        var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 0)); // no reader runs during the save

        await SaveSerializer.SaveAsync(pipe.Writer.AsStream(), content);
        await pipe.Writer.CompleteAsync();

        GraphAssert.Equal(content, await SaveSerializer.LoadAsync<GameContent>(pipe.Reader.AsStream()));
    }

    [Fact]
    public void SaveToFile_ThenLoadFromFile_GivesEqualContent()
    {
        var content = ContentGenerator.Create(ContentSize.Medium);
        string path = Path.Combine(_folder, "slot.sav");

        SaveSerializer.SaveToFile(path, content);

        GraphAssert.Equal(content, SaveSerializer.LoadFromFile<GameContent>(path));
        Assert.Equal([path], Directory.GetFiles(_folder));
    }

    [Fact]
    public async Task SaveToFileAsync_OverAnEarlierSave_ReplacesIt()
    {
        string path = Path.Combine(_folder, "slot.sav");
        await SaveSerializer.SaveToFileAsync(path, ContentGenerator.Create(ContentSize.Small, seed: 1));
        var newer = ContentGenerator.Create(ContentSize.Small, seed: 2);

        await SaveSerializer.SaveToFileAsync(path, newer);

        GraphAssert.Equal(newer, await SaveSerializer.LoadFromFileAsync<GameContent>(path));
        Assert.Equal([path], Directory.GetFiles(_folder));
    }

    [Fact]
    public void Save_SameContentTwice_GivesIdenticalBytes()
    {
        var content = ContentGenerator.Create(ContentSize.Medium);
        var metadata = new SaveMetadata { Title = "fixed", SavedAtUtc = new DateTime(2026, 1, 1, 0, 0, 0, DateTimeKind.Utc) };

        Assert.Equal(SaveSerializer.Save(content, metadata), SaveSerializer.Save(content, metadata));
    }
}

using Engine.Core.Model;
using Engine.Serialization.Container;
using Engine.Testing;

namespace Engine.Serialization.Tests;

public sealed class SaveSerializerErrorTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("engine-errors-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Fact]
    public void Save_MetadataLargerThanTheLoadAccepts_ThrowsSaveEncodingAndWritesNothing()
    {
        // 17 MiB of thumbnail: the save used to be written, and then every load refused it as too large.
        var content = ContentGenerator.Create(ContentSize.Small);
        var metadata = new SaveMetadata { Thumbnail = new byte[17 * 1024 * 1024] };
        var path = Path.Combine(_folder, "big.sav");

        var error = Assert.Throws<SaveEncodingException>(() => SaveSerializer.SaveToFile(path, content, metadata));

        Assert.StartsWith("The save's metadata is 17,", error.Message, StringComparison.Ordinal);
        Assert.EndsWith(
            "bytes and its load accepts at most 16,777,216 (LoadOptions.MaxMetadataBytes), so it could never be loaded: nothing was written.",
            error.Message,
            StringComparison.Ordinal);
        Assert.Empty(Directory.GetFileSystemEntries(_folder));
    }

    [Fact]
    public void Save_WithTheLimitsItIsLoadedWith_AcceptsWhatThatLoadAccepts()
    {
        var content = ContentGenerator.Create(ContentSize.Small);
        var metadata = new SaveMetadata { Thumbnail = new byte[17 * 1024 * 1024] };
        var loadOptions = LoadOptions.Default with { MaxMetadataBytes = 32 * 1024 * 1024 };

        byte[] save = SaveSerializer.Save(content, metadata, SaveOptions.Default with { LoadedWith = loadOptions });

        GraphAssert.Equal(content, SaveSerializer.Load<GameContent>(save, loadOptions));
        var tooSmall = LoadOptions.Default with { MaxPayloadBytes = 1_000 };
        var error = Assert.Throws<SaveEncodingException>(() => SaveSerializer.Save(content, null, SaveOptions.Default with { LoadedWith = tooSmall }));
        Assert.Contains("(LoadOptions.MaxPayloadBytes), so it could never be loaded", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(60)]
    [InlineData(5000)]
    public async Task LoadAndSave_OnAStreamThatFails_ThrowSaveIO(int failAt)
    {
        // A game catches SaveException around its saves: a stream's own failure (a network gone, a disk full) used to
        // escape as a bare IOException.
        var content = ContentGenerator.Create(ContentSize.Small);
        byte[] save = SaveSerializer.Save(content);

        var load = Assert.Throws<SaveIOException>(() => SaveSerializer.Load<GameContent>(new FailingStream(save, failAt)));
        var loadAsync = await Assert.ThrowsAsync<SaveIOException>(() => SaveSerializer.LoadAsync<GameContent>(new FailingStream(save, failAt)));
        var write = Assert.Throws<SaveIOException>(() => SaveSerializer.Save(new FailingStream([], failAt), content));
        var writeAsync = await Assert.ThrowsAsync<SaveIOException>(() => SaveSerializer.SaveAsync(new FailingStream([], failAt), content));

        Assert.Equal("The save could not be read (the stream failed).", load.Message);
        Assert.Equal(load.Message, loadAsync.Message);
        Assert.Equal("The save could not be written: the stream refused it (the stream failed), so what it holds is not a whole save.", write.Message);
        Assert.Equal(write.Message, writeAsync.Message);
    }

    /// <summary>A stream that reads <c>data</c> and takes writes up to <c>failAt</c> bytes, then fails as a broken connection does.</summary>
    private sealed class FailingStream(byte[] data, int failAt) : Stream
    {
        private int _position;

        public override bool CanRead => true;

        public override bool CanSeek => false;

        public override bool CanWrite => true;

        public override long Length => throw new NotSupportedException();

        public override long Position { get => _position; set => throw new NotSupportedException(); }

        public override void Flush()
        {
        }

        public override int Read(byte[] buffer, int offset, int count)
        {
            if (_position >= failAt)
            {
                throw new IOException("the stream failed");
            }

            int read = Math.Min(Math.Min(count, data.Length - _position), failAt - _position);
            Array.Copy(data, _position, buffer, offset, read);
            _position += read;
            return read;
        }

        public override void Write(byte[] buffer, int offset, int count)
        {
            _position += count;
            if (_position > failAt)
            {
                throw new IOException("the stream failed");
            }
        }

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();
    }

    [Fact]
    public void Load_TruncatedSave_ThrowsSaveCorrupted()
    {
        byte[] save = SaveSerializer.Save(ContentGenerator.Create(ContentSize.Small));

        Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(save.AsMemory(0, save.Length / 2)));
    }

    [Fact]
    public void Load_TrailingBytes_ThrowsSaveCorrupted()
    {
        byte[] save = [.. SaveSerializer.Save(ContentGenerator.Create(ContentSize.Small)), 0xC0];

        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(save));
        Assert.Contains("unexpected bytes", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Load_Empty_ThrowsSaveCorrupted()
    {
        Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(Array.Empty<byte>()));
    }

    [Theory]
    [InlineData(new byte[] { 0xC0 })]
    [InlineData(new byte[] { 0x93, 0x01, 0x02, 0x03 })]
    [InlineData(new byte[] { 0x3C, 0x3F, 0x78, 0x6D, 0x6C })]
    public void Load_NotASaveFile_ThrowsNotASaveFile(byte[] data)
    {
        Assert.Throws<NotASaveFileException>(() => SaveSerializer.Load<GameContent>(data));
    }

    [Fact]
    public void LoadFromFile_MissingFile_ThrowsSaveIOExceptionNamingTheFile()
    {
        string path = Path.Combine(_folder, "missing.sav");

        var error = Assert.Throws<SaveIOException>(() => SaveSerializer.LoadFromFile<GameContent>(path));
        Assert.Equal(path, error.FilePath);
        Assert.Contains(path, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void LoadFromFile_EmptyFile_SaysItIsEmpty_NotThatItMayBeAPipe()
    {
        string path = Path.Combine(_folder, "empty.sav");
        File.WriteAllBytes(path, []);

        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.LoadFromFile<GameContent>(path));
        Assert.Equal(path, error.FilePath);
        Assert.Contains("The file is empty: it holds no save.", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void LoadFromFile_DamagedFile_ThrowsSaveCorruptedNamingTheFile()
    {
        string path = Path.Combine(_folder, "damaged.sav");
        byte[] save = SaveSerializer.Save(ContentGenerator.Create(ContentSize.Small));
        save[^10] ^= 0x20;
        File.WriteAllBytes(path, save);

        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.LoadFromFile<GameContent>(path));
        Assert.Equal(path, error.FilePath);
        Assert.StartsWith(path, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void SaveToFile_WhenTheRenameFails_ThrowsSaveIOExceptionAndLeavesNoTempFile()
    {
        string path = Path.Combine(_folder, "slot.sav");
        Directory.CreateDirectory(Path.Combine(path, "in-the-way"));

        var error = Assert.Throws<SaveIOException>(() => SaveSerializer.SaveToFile(path, ContentGenerator.Create(ContentSize.Small)));

        Assert.Equal(path, error.FilePath);
        Assert.Equal([path], Directory.GetFileSystemEntries(_folder));
    }

    [Fact]
    public void SaveToFile_IntoAMissingFolder_ThrowsSaveIOException()
    {
        string path = Path.Combine(_folder, "no-such-folder", "slot.sav");

        Assert.Throws<SaveIOException>(() => SaveSerializer.SaveToFile(path, ContentGenerator.Create(ContentSize.Small)));
    }
}

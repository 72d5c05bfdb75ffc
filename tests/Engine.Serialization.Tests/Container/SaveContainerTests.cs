using System.Buffers.Binary;
using System.IO.Hashing;
using Engine.Core.Model;
using Engine.Serialization.Container;
using Engine.Serialization.Tests.Fuzzing;
using Engine.Testing;

namespace Engine.Serialization.Tests.Container;

/// <summary>The container as docs/FORMAT.md describes it: offsets here are read from that page, not from the code.</summary>
public sealed class SaveContainerTests
{
    private static readonly SaveMetadata Metadata = new()
    {
        Title = "Harbor, evening",
        SavedAtUtc = new DateTime(2026, 11, 22, 18, 30, 5, DateTimeKind.Utc),
        PlayTimeSeconds = 4521.25,
        GameId = "engine.generated",
        Thumbnail = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3],
        ModelId = SaveContainer.Version1ModelId,
    };

    [Fact]
    public void Save_WritesTheHeaderFieldsAtTheDocumentedOffsets()
    {
        var content = ContentGenerator.Create(ContentSize.Small);

        byte[] save = SaveSerializer.Save(content, Metadata, new SaveOptions { Format = SaveFormat.Xml, Compression = SaveCompression.Lz4 });

        Assert.Equal([0x89, (byte)'E', (byte)'S', (byte)'A', (byte)'V', 0x0D, 0x0A, 0x1A], save[..8]);
        Assert.Equal(SaveContainer.CurrentVersion, BinaryPrimitives.ReadUInt16LittleEndian(save.AsSpan(8)));
        Assert.Equal((byte)SaveFormat.Xml, save[10]);
        Assert.Equal((byte)SaveCompression.Lz4, save[11]);
        Assert.Equal(content.SchemaVersion, BinaryPrimitives.ReadInt32LittleEndian(save.AsSpan(12)));
        int metadataLength = BinaryPrimitives.ReadInt32LittleEndian(save.AsSpan(16));
        long payloadLength = BinaryPrimitives.ReadInt64LittleEndian(save.AsSpan(20));
        Assert.Equal(save.Length, 52 + metadataLength + payloadLength);
        var payload = save.AsSpan(52 + metadataLength);
        Assert.Equal(SaveFileChecksums.Payload(payload, 3), BinaryPrimitives.ReadUInt64LittleEndian(save.AsSpan(36)));
        Assert.Equal(Crc32.HashToUInt32(save.AsSpan(52, metadataLength)), BinaryPrimitives.ReadUInt32LittleEndian(save.AsSpan(44)));
        Assert.Equal(Crc32.HashToUInt32(save.AsSpan(0, 48)), BinaryPrimitives.ReadUInt32LittleEndian(save.AsSpan(48)));
    }

    // Header, offsets 10 and 11: format 1 MessagePack, 2 XML, 3 protobuf; compression 0 none, 1 LZ4 frame.
    [Theory]
    [InlineData(SaveFormat.MessagePack, SaveCompression.None, 1, 0)]
    [InlineData(SaveFormat.Xml, SaveCompression.Lz4, 2, 1)]
    [InlineData(SaveFormat.Protobuf, SaveCompression.None, 3, 0)]
    public void Save_WritesEachFormatAndCompressionAsItsDocumentedId(SaveFormat format, SaveCompression compression, byte formatId, byte compressionId)
    {
        byte[] save = SaveSerializer.Save(ContentGenerator.Create(ContentSize.Small), options: new SaveOptions { Format = format, Compression = compression });

        Assert.Equal((formatId, compressionId), (save[10], save[11]));
    }

    // Header, offset 36: with no payload bytes there are no chunks, and the checksum is the XXH3-64 of nothing.
    [Fact]
    public void Load_EmptyPayload_HasTheChecksumOfNoChunks()
    {
        byte[] save = SaveFiles.Frame(SaveFormat.Protobuf, SaveCompression.None, []);

        Assert.Equal(XxHash3.HashToUInt64([]), BinaryPrimitives.ReadUInt64LittleEndian(save.AsSpan(36)));
        Assert.Equal(SaveFileChecksums.Payload([], 3), BinaryPrimitives.ReadUInt64LittleEndian(save.AsSpan(36)));
        GraphAssert.Equal(new GameContent(), SaveSerializer.Load<GameContent>(save));
    }

    // Header, offset 28: the decoded length equals P when the payload is not compressed.
    [Theory]
    [InlineData(-1)]
    [InlineData(1)]
    public void Load_UncompressedPayloadWhoseDecodedLengthIsNotItsLength_ThrowsSaveCorrupted(int difference)
    {
        byte[] save = SaveSerializer.Save(ContentGenerator.Create(ContentSize.Small));
        long decoded = BinaryPrimitives.ReadInt64LittleEndian(save.AsSpan(SaveContainer.DecodedLengthOffset));

        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(SaveFiles.WithHeaderField(save, SaveContainer.DecodedLengthOffset, decoded + difference)));

        Assert.Contains($"the header says {decoded + difference}", error.Message, StringComparison.Ordinal);
    }

    // Reading, step 2: container version 0 was never written, and is damage (once the header's checksum holds).
    [Fact]
    public void Load_ContainerVersion0_ThrowsSaveCorrupted()
    {
        byte[] save = SaveSerializer.Save(ContentGenerator.Create(ContentSize.Small));
        BinaryPrimitives.WriteUInt16LittleEndian(save.AsSpan(8), 0);
        Reseal(save);

        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(save));

        Assert.Contains("container version 0", error.Message, StringComparison.Ordinal);
    }

    // Reading, step 4: a negative length is damage, whichever it is.
    [Theory]
    [InlineData(SaveContainer.MetadataLengthOffset)]
    [InlineData(SaveContainer.PayloadLengthOffset)]
    [InlineData(SaveContainer.DecodedLengthOffset)]
    public void Load_NegativeLength_ThrowsSaveCorrupted(int offset)
    {
        byte[] file = SaveFiles.WithHeaderField(SaveSerializer.Save(ContentGenerator.Create(ContentSize.Small)), offset, -1);

        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(file));

        Assert.Contains("negative length", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Metadata_RoundTrips()
    {
        byte[] save = SaveSerializer.Save(ContentGenerator.Create(ContentSize.Small), Metadata);

        var (info, _) = SaveContainer.Open(save, LoadOptions.Default);

        GraphAssert.Equal(Metadata, info.Metadata);
        Assert.Equal(DateTimeKind.Utc, info.Metadata.SavedAtUtc.Kind);
        Assert.Equal(save.Length, info.FileLength);
    }

    [Fact]
    public void Metadata_ByDefault_ComesFromTheContent()
    {
        var content = ContentGenerator.Create(ContentSize.Small);
        var before = DateTime.UtcNow;

        var (info, _) = SaveContainer.Open(SaveSerializer.Save(content), LoadOptions.Default);

        Assert.Equal(content.Title, info.Metadata.Title);
        Assert.Equal(content.GameId, info.Metadata.GameId);
        Assert.Equal(content.PlayTimeSeconds, info.Metadata.PlayTimeSeconds);
        Assert.InRange(info.Metadata.SavedAtUtc, before.AddSeconds(-1), DateTime.UtcNow.AddSeconds(1));
    }

    [Fact]
    public void ReadInfo_ReadsOnlyHeaderAndMetadata()
    {
        byte[] save = SaveSerializer.Save(ContentGenerator.Create(ContentSize.Medium), Metadata);
        using var stream = new CountingStream(save);

        var info = SaveContainer.ReadInfo(stream, LoadOptions.Default);

        GraphAssert.Equal(Metadata, info.Metadata);
        Assert.Equal(52 + info.Header.MetadataLength, stream.BytesRead);
        Assert.True(stream.BytesRead < save.Length / 100);
    }

    [Theory]
    [InlineData(0, "signature")]
    [InlineData(10, "header")]
    [InlineData(20, "header")]
    [InlineData(49, "header")]
    [InlineData(60, "metadata")]
    [InlineData(-1, "payload")]
    public void Load_AnyFlippedBit_ThrowsASaveException(int offset, string where)
    {
        byte[] save = SaveSerializer.Save(ContentGenerator.Create(ContentSize.Small), Metadata);
        save[offset < 0 ? save.Length + offset : offset] ^= 0x04;

        var error = Assert.ThrowsAny<SaveException>(() => SaveSerializer.Load<GameContent>(save));

        Assert.Contains(where, error.Message, StringComparison.OrdinalIgnoreCase);
    }

    [Fact]
    public void Load_NewerContainerVersion_ThrowsUnsupportedVersion()
    {
        byte[] save = SaveSerializer.Save(ContentGenerator.Create(ContentSize.Small));
        BinaryPrimitives.WriteUInt16LittleEndian(save.AsSpan(8), SaveContainer.CurrentVersion + 1);

        var error = Assert.Throws<UnsupportedSaveVersionException>(() => SaveSerializer.Load<GameContent>(save));
        Assert.Contains("update the game", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Save_OfManyChunks_ChecksumsEachChunk_AndADamagedByteInAnyOfThemIsRefused()
    {
        var content = ContentGenerator.Create(ContentSize.Medium);
        byte[] save = SaveSerializer.Save(content);
        int payloadStart = 52 + BinaryPrimitives.ReadInt32LittleEndian(save.AsSpan(16));
        var payload = save.AsSpan(payloadStart);
        Assert.True(payload.Length > 8 * 65_536, "the payload spans several chunks");

        Assert.Equal(SaveFileChecksums.Payload(payload, 3), BinaryPrimitives.ReadUInt64LittleEndian(save.AsSpan(36)));
        Assert.NotEqual(XxHash3.HashToUInt64(payload), BinaryPrimitives.ReadUInt64LittleEndian(save.AsSpan(36)));
        foreach (int at in new[] { 0, 65_535, 65_536, payload.Length / 2, payload.Length - 1 })
        {
            byte[] damaged = [.. save];
            damaged[payloadStart + at] ^= 0x10;
            Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(damaged));
        }
    }

    [Fact]
    public void Load_Version2Save_WholePayloadChecksum_StillLoads_ButNotUnderVersion3()
    {
        var content = ContentGenerator.Create(ContentSize.Medium);
        byte[] save = SaveSerializer.Save(content);
        int payloadStart = 52 + BinaryPrimitives.ReadInt32LittleEndian(save.AsSpan(16));
        BinaryPrimitives.WriteUInt64LittleEndian(save.AsSpan(36), XxHash3.HashToUInt64(save.AsSpan(payloadStart)));
        Reseal(save);
        Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(save));

        BinaryPrimitives.WriteUInt16LittleEndian(save.AsSpan(8), 2);
        Reseal(save);

        GraphAssert.Equal(content, SaveSerializer.Load<GameContent>(save));
    }

    [Theory]
    [InlineData(10, 99)]
    [InlineData(11, 7)]
    public void Load_UnknownFormatOrCompression_ThrowsUnknownFormat(int offset, byte value)
    {
        byte[] save = SaveSerializer.Save(ContentGenerator.Create(ContentSize.Small));
        save[offset] = value;
        Reseal(save);

        Assert.Throws<UnknownSaveFormatException>(() => SaveSerializer.Load<GameContent>(save));
    }

    [Theory]
    [InlineData(16)]
    [InlineData(20)]
    [InlineData(28)]
    public void Load_DeclaredSizeBeyondTheLimits_ThrowsTooLarge(int offset)
    {
        byte[] save = SaveSerializer.Save(ContentGenerator.Create(ContentSize.Small));
        BinaryPrimitives.WriteInt32LittleEndian(save.AsSpan(offset), int.MaxValue);
        Reseal(save);

        Assert.Throws<SaveTooLargeException>(() => SaveSerializer.Load<GameContent>(save));
    }

    // Step 4: the defaults are 16 MiB of metadata and 512 MiB of payload, stored or decoded; the limit itself passes (the
    // file, cut short of what it declares, is then refused at step 6), one byte more is "too large".
    [Theory]
    [InlineData(SaveContainer.MetadataLengthOffset, 16 * 1024 * 1024)]
    [InlineData(SaveContainer.PayloadLengthOffset, 512 * 1024 * 1024)]
    [InlineData(SaveContainer.DecodedLengthOffset, 512 * 1024 * 1024)]
    public void Load_DeclaredSizeAtTheDefaultLimit_PassesTheLimits_AndOneByteMoreIsTooLarge(int offset, long limit)
    {
        byte[] atLimit = SaveFiles.WithHeaderField(SaveSerializer.Save(ContentGenerator.Create(ContentSize.Small)), offset, limit);
        byte[] overLimit = SaveFiles.WithHeaderField(atLimit, offset, limit + 1);

        Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(atLimit));
        Assert.Throws<SaveTooLargeException>(() => SaveSerializer.Load<GameContent>(overLimit));
        Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(overLimit, new LoadOptions { MaxMetadataBytes = int.MaxValue, MaxPayloadBytes = int.MaxValue }));
    }

    [Fact]
    public void Load_PayloadLargerThanAConfiguredLimit_ThrowsTooLarge()
    {
        byte[] save = SaveSerializer.Save(ContentGenerator.Create(ContentSize.Medium));

        Assert.Throws<SaveTooLargeException>(() => SaveSerializer.Load<GameContent>(save, LoadOptions.Default with { MaxPayloadBytes = 100_000 }));
    }

    [Fact]
    public void Load_Lz4DecodedLengthUnderstated_ThrowsCorrupted()
    {
        byte[] save = SaveSerializer.Save(ContentGenerator.Create(ContentSize.Small), options: new SaveOptions { Compression = SaveCompression.Lz4 });
        long decoded = BinaryPrimitives.ReadInt64LittleEndian(save.AsSpan(28));
        BinaryPrimitives.WriteInt64LittleEndian(save.AsSpan(28), decoded - 1);
        Reseal(save);

        Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(save));
    }

    [Theory]
    [InlineData(1)]
    [InlineData(30)]
    [InlineData(51)]
    [InlineData(70)]
    public void Load_CutShort_ThrowsCorrupted(int keep)
    {
        byte[] save = SaveSerializer.Save(ContentGenerator.Create(ContentSize.Small), Metadata);

        Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(save.AsMemory(0, keep)));
    }

    [Theory]
    [InlineData(12, false, true, true)] // the schema version: the rest is still checked as the header says
    [InlineData(60, true, false, true)] // inside the metadata
    [InlineData(-1, true, true, false)] // the payload's last byte
    public void Inspect_ShowsTheHeaderAndWhichChecksumsHold_BelievingNothing(int offset, bool header, bool metadata, bool payload)
    {
        byte[] save = SaveSerializer.Save(ContentGenerator.Create(ContentSize.Small), Metadata);
        var intact = SaveContainer.Inspect(save);
        save[offset < 0 ? save.Length + offset : offset] ^= 0x01;

        var checks = SaveContainer.Inspect(save);

        Assert.Equal((true, true, true), (intact.HeaderHolds, intact.MetadataHolds, intact.PayloadHolds));
        Assert.Equal((header, metadata, payload), (checks.HeaderHolds, checks.MetadataHolds!.Value, checks.PayloadHolds!.Value));
        Assert.Equal(BinaryPrimitives.ReadUInt32LittleEndian(save.AsSpan(48)), checks.HeaderChecksum);
    }

    [Fact]
    public void Inspect_OfASaveCutShort_LeavesThePayloadUnchecked()
    {
        byte[] save = SaveSerializer.Save(ContentGenerator.Create(ContentSize.Small), Metadata);

        var checks = SaveContainer.Inspect(save.AsSpan(0, save.Length - 1));

        Assert.True(checks.HeaderHolds);
        Assert.True(checks.MetadataHolds);
        Assert.Null(checks.PayloadHolds);
    }

    /// <summary>Recomputes the header checksum after a test edits a header field, as a hostile file would.</summary>
    private static void Reseal(byte[] save) =>
        BinaryPrimitives.WriteUInt32LittleEndian(save.AsSpan(48), Crc32.HashToUInt32(save.AsSpan(0, 48)));

    private sealed class CountingStream(byte[] data) : MemoryStream(data, writable: false)
    {
        public long BytesRead { get; private set; }

        // MemoryStream subclasses route every other Read overload through this one.
        public override int Read(byte[] buffer, int offset, int count)
        {
            int read = base.Read(buffer, offset, count);
            BytesRead += read;
            return read;
        }
    }
}

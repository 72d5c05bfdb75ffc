using System.Buffers.Binary;
using System.IO.Hashing;
using System.Text;
using Engine.Core.Model;
using Engine.Serialization.Container;
using Engine.Serialization.Internal;
using K4os.Compression.LZ4.Streams;

namespace Engine.Serialization.Tests.Fuzzing;

/// <summary>
/// Files made to hurt the loader: sizes that ask for gigabytes, decompression bombs, deep nesting,
/// counts the bytes can't hold, entity bombs. Each must be refused with the right save exception
/// (or, where the file is harmless, load), within the same allocation and time bounds as the fuzzing.
/// Their checksums are all valid: the decoders see them.
/// </summary>
public sealed class HostileFileTests
{
    private static readonly byte[] SmallSave = SaveSerializer.Save(ContentGenerator.Create(ContentSize.Small));

    [Theory]
    [InlineData(SaveContainer.PayloadLengthOffset, 4L << 30)]
    [InlineData(SaveContainer.DecodedLengthOffset, 4L << 30)]
    [InlineData(SaveContainer.DecodedLengthOffset, long.MaxValue)]
    [InlineData(SaveContainer.MetadataLengthOffset, int.MaxValue)]
    public void Load_TinyFileDeclaringGigabytes_ThrowsSaveTooLarge(int offset, long declared)
    {
        byte[] file = SaveFiles.WithHeaderField(SmallSave.AsSpan(0, 200).ToArray(), offset, declared);

        AssertRefused<SaveTooLargeException>(file);
    }

    [Fact]
    public void ReadInfo_TinyFileDeclaringTheLargestMetadataAllowed_ThrowsSaveCorruptedBeforeAllocatingIt()
    {
        byte[] file = SaveFiles.WithHeaderField(SmallSave.AsSpan(0, 100).ToArray(), SaveContainer.MetadataLengthOffset, LoadOptions.Default.MaxMetadataBytes);
        using var stream = new MemoryStream(file);
        long before = GC.GetAllocatedBytesForCurrentThread();

        Assert.Throws<SaveCorruptedException>(() => SaveContainer.ReadInfo(stream, LoadOptions.Default));

        Assert.True(GC.GetAllocatedBytesForCurrentThread() - before < 1 << 20, "it allocated the declared metadata block");
    }

    [Fact]
    public void Load_Lz4PayloadDeclaringMoreThanItCanExpandTo_ThrowsSaveCorruptedBeforeAllocating()
    {
        byte[] stored = Lz4Frame(new byte[1 << 20]); // about 4 KB, which can't hold 400 MB
        byte[] file = SaveFiles.FrameStored(SaveFormat.MessagePack, SaveCompression.Lz4, stored, 400_000_000);

        var error = AssertRefused<SaveCorruptedException>(file);
        Assert.Contains("more than LZ4 can expand to", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Load_Lz4FrameOfZerosDecodingToHundredsOfMegabytes_ThrowsSaveTooLargeWithinTheLoadsMemory()
    {
        // 510 MiB of zeros in about 2 MB, the header telling the truth: the buffer grows only as far as the load's budget.
        byte[] stored = Lz4Frame(new byte[510 << 20]);
        byte[] file = SaveFiles.FrameStored(SaveFormat.MessagePack, SaveCompression.Lz4, stored, 510 << 20);

        var result = LoadProbe.Run(file);

        var error = Assert.IsType<SaveTooLargeException>(result.Refusal);
        Assert.Contains("LoadOptions.MaxMemoryBytes", error.Message, StringComparison.Ordinal);
        Assert.True(result.AllocatedBytes < LoadOptions.Default.MaxMemoryBytes, $"allocated {result.AllocatedBytes:N0} bytes");
    }

    [Fact]
    public void Load_Lz4FrameThatFailsInItsFirstBlock_AllocatesNoBufferOfTheClaimedSize()
    {
        // A 100 KB frame may claim 255 times its size: 25 MB. Its first block is damaged, so it yields nothing.
        byte[] stored = Lz4Frame(RandomBytes(100_000, seed: 31));
        stored[15] ^= 0xFF;
        int claimed = stored.Length * 255;
        byte[] file = SaveFiles.FrameStored(SaveFormat.MessagePack, SaveCompression.Lz4, stored, claimed);

        var result = LoadProbe.Run(file);

        Assert.IsType<SaveCorruptedException>(result.Refusal);
        Assert.True(result.AllocatedBytes < claimed / 4, $"allocated {result.AllocatedBytes:N0} bytes for a frame claiming {claimed:N0}");
    }

    [Fact]
    public void Load_WithTheMemoryLimitBelowWhatTheSaveNeeds_ThrowsSaveTooLarge_AndLoadsWithTheDefault()
    {
        byte[] save = SaveSerializer.Save(ContentGenerator.Create(ContentSize.Medium), options: new SaveOptions { Compression = SaveCompression.Lz4 });
        var tight = LoadOptions.Default with { MaxMemoryBytes = 2 << 20 };

        var error = Assert.Throws<SaveTooLargeException>(() => SaveSerializer.Load<GameContent>(save, tight));

        Assert.Contains("LoadOptions.MaxMemoryBytes", error.Message, StringComparison.Ordinal);
        Assert.Equal(ContentGenerator.Create(ContentSize.Medium).Rooms.Count, SaveSerializer.Load<GameContent>(save).Rooms.Count);
    }

    [Fact]
    public void LoadFromFile_OfAFileLargerThanTheMemoryLimit_ThrowsSaveTooLargeBeforeReadingIt()
    {
        string path = Path.Combine(Path.GetTempPath(), $"over-the-limit-{Guid.NewGuid():N}.sav");
        File.WriteAllBytes(path, SmallSave);
        try
        {
            var tiny = LoadOptions.Default with { MaxMemoryBytes = SmallSave.Length - 1 };
            long before = GC.GetAllocatedBytesForCurrentThread();

            var error = Assert.Throws<SaveTooLargeException>(() => SaveSerializer.LoadFromFile<GameContent>(path, tiny));

            Assert.Equal(path, error.FilePath);
            Assert.True(GC.GetAllocatedBytesForCurrentThread() - before < SmallSave.Length, "it read the file");
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Fact]
    public void Save_WhoseDecompressionAlonePassesTheMemoryLimitOfItsLoad_IsRefusedBeforeWriting()
    {
        // Zeros compress 255 times: the load's buffers grow 16 times the stored bytes, then 4 times each (Lz4FrameDecoding).
        var game = ContentGenerator.Create(ContentSize.Small);
        game.Rooms[0].WalkGrid = new HeightGrid(1000, 1000);
        var lz4 = new SaveOptions { Compression = SaveCompression.Lz4 };
        byte[] save = SaveSerializer.Save(game, options: lz4);
        var (info, _) = SaveContainer.Open(save, LoadOptions.Default);
        long needed = info.FileLength + Compression.Lz4FrameDecoding.BufferBytes(info.Header.PayloadLength, checked((int)info.Header.DecodedLength));

        var error = Assert.Throws<SaveEncodingException>(() =>
            SaveSerializer.Save(game, options: lz4 with { LoadedWith = LoadOptions.Default with { MaxMemoryBytes = needed - 1 } }));

        Assert.Contains("nothing was written", error.Message, StringComparison.Ordinal);
        Assert.Equal(save.Length, SaveSerializer.Save(game, options: lz4 with { LoadedWith = LoadOptions.Default with { MaxMemoryBytes = needed } }).Length);
    }

    [Fact]
    public void Load_Lz4BombThatExpandsPastTheHeader_ThrowsSaveCorruptedAfterTheDeclaredLength()
    {
        byte[] stored = Lz4Frame(new byte[64 << 20]); // 64 MiB of zeros in about 260 KB
        byte[] file = SaveFiles.FrameStored(SaveFormat.MessagePack, SaveCompression.Lz4, stored, 1024);

        var error = AssertRefused<SaveCorruptedException>(file);
        Assert.Contains("holds more than", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Load_Lz4FrameWhoseOwnContentSizeSaysATerabyte_LoadsByTheHeadersLength()
    {
        byte[] payload = SaveFiles.DecodedPayload(SmallSave);
        byte[] stored = WithFrameContentSize(Lz4Frame(payload), 1L << 40);
        byte[] file = SaveFiles.FrameStored(SaveFormat.MessagePack, SaveCompression.Lz4, stored, payload.Length);

        var result = LoadProbe.Run(file);

        // The frame's own size field is never believed (nothing is allocated from it): what the frame
        // really holds is checked against the header's decoded length, and here it matches.
        Assert.Null(LoadProbe.Violation(file, result));
        Assert.True(result.Loaded, $"{result.Refusal}");
    }

    [Fact]
    public void Load_Lz4FrameCutShort_ThrowsSaveCorrupted()
    {
        byte[] payload = SaveFiles.DecodedPayload(SmallSave);
        byte[] stored = Lz4Frame(payload);
        byte[] file = SaveFiles.FrameStored(SaveFormat.MessagePack, SaveCompression.Lz4, stored.AsSpan(0, stored.Length / 2), payload.Length);

        AssertRefused<SaveCorruptedException>(file);
    }

    [Fact]
    public void Load_MessagePackNestedAMillionDeepUnderAnUnknownKey_ThrowsSaveCorruptedWithoutRecursing()
    {
        // { "Unknown": [[[[...nil...]]]] }: a load keeps a member the model lacks and writes it back, so it may nest no
        // deeper than a document (a migration, savetool) opens (NestingTests has the bound).
        byte[] payload = [0x81, .. MsgPackString("Unknown"), .. Enumerable.Repeat((byte)0x91, 1_000_000), 0xC0];

        var error = AssertRefused<SaveCorruptedException>(SaveFiles.Frame(SaveFormat.MessagePack, SaveCompression.None, payload));
        Assert.Contains("deeper than 1008 levels", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Load_MessagePackNestedDeepWhereARoomIsExpected_ThrowsSaveCorrupted()
    {
        byte[] payload = [0x81, .. MsgPackString("Rooms"), .. Enumerable.Repeat((byte)0x91, 100_000), 0xC0];

        AssertRefused<SaveCorruptedException>(SaveFiles.Frame(SaveFormat.MessagePack, SaveCompression.None, payload));
    }

    [Theory]
    [InlineData(0xDD)] // array 32
    [InlineData(0xDF)] // map 32
    public void Load_MessagePackCollectionCountOfTwoBillionInAFewBytes_ThrowsSaveCorrupted(byte header)
    {
        byte[] rooms = [0x81, .. MsgPackString("Rooms"), header, 0x7F, 0xFF, 0xFF, 0xFF, 0x80, 0x80, 0x80];
        byte[] game = [0xDF, 0x7F, 0xFF, 0xFF, 0xFF, .. MsgPackString("Title"), 0xA1, 0x41];

        AssertRefused<SaveCorruptedException>(SaveFiles.Frame(SaveFormat.MessagePack, SaveCompression.None, rooms));
        AssertRefused<SaveCorruptedException>(SaveFiles.Frame(SaveFormat.MessagePack, SaveCompression.None, game));
    }

    [Fact]
    public void Load_MessagePackFloatGridAndStringOfTwoBillion_ThrowSaveCorrupted()
    {
        // { "Rooms": [ { "WalkGrid": { "Cells": array32(2^31-1) 1.0 } } ] } and { "Title": str32(2^31-1) "A" }
        byte[] cells = [0x81, .. MsgPackString("Rooms"), 0x91, 0x81, .. MsgPackString("WalkGrid"), 0x81, .. MsgPackString("Cells"), 0xDD, 0x7F, 0xFF, 0xFF, 0xFF, 0xCA, 0x3F, 0x80, 0, 0];
        byte[] title = [0x81, .. MsgPackString("Title"), 0xDB, 0x7F, 0xFF, 0xFF, 0xFF, 0x41];

        AssertRefused<SaveCorruptedException>(SaveFiles.Frame(SaveFormat.MessagePack, SaveCompression.None, cells));
        AssertRefused<SaveCorruptedException>(SaveFiles.Frame(SaveFormat.MessagePack, SaveCompression.Lz4, title));
    }

    [Fact]
    public void Load_MessagePackMillionEmptyRooms_ThrowsSaveTooLargeWithinTheAllocationBound()
    {
        // One byte per room ({}), and each room starts with its lists and grid: hundreds of bytes.
        const int rooms = 1_000_000;
        byte[] payload = [0x81, .. MsgPackString("Rooms"), 0xDD, .. BigEndian(rooms), .. Enumerable.Repeat((byte)0x80, rooms)];

        var error = AssertRefused<SaveTooLargeException>(SaveFiles.Frame(SaveFormat.MessagePack, SaveCompression.None, payload));
        Assert.Contains("more objects than its size can describe", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("Rooms")] // a list
    [InlineData("NotInTheModel")] // a map skipped as an unknown member
    public void Load_MessagePackCountOfFourBillion_ThrowsSaveCorruptedInItsOwnWords(string member)
    {
        byte[] payload = [0x81, .. MsgPackString(member), member == "Rooms" ? (byte)0xDD : (byte)0xDF, 0xFF, 0xFF, 0xFF, 0xFF, 0x80];

        byte[] file = SaveFiles.Frame(SaveFormat.MessagePack, SaveCompression.None, payload);

        // A count in a member the model reads is a number past what the member holds, named by its path; one in a
        // member it skips is damage.
        SaveException error = member == "Rooms" ? AssertRefused<UnsupportedSaveVersionException>(file) : AssertRefused<SaveCorruptedException>(file);

        Assert.DoesNotContain("Arithmetic", error.Message, StringComparison.Ordinal);
        Assert.Contains(member == "Rooms" ? "larger than its member's type can hold at Rooms" : "larger than what it describes can hold", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Load_ProtobufHalfAMillionEmptyRooms_ThrowsSaveTooLargeWithinTheAllocationBound()
    {
        byte[] payload = Repeat([4 << 3 | 2, 0], 500_000); // GameContent.rooms: an empty message, two bytes each

        AssertRefused<SaveTooLargeException>(SaveFiles.Frame(SaveFormat.Protobuf, SaveCompression.None, payload));
    }

    [Fact]
    public void Load_ProtobufHundredThousandUnknownFieldsInOneMessage_LoadsWithinTheAllocationBound()
    {
        // Field 300000 (past every number a model's names derive, 16 to 262143), varint 1, five bytes each: a newer
        // game's fields, kept to be written back. Appending each to a copy of all kept so far would be quadratic.
        byte[] file = SaveFiles.Frame(SaveFormat.Protobuf, SaveCompression.None, Repeat([0x80, 0xBE, 0x92, 0x01, 0x01], 100_000));

        var result = LoadProbe.Run(file);

        Assert.Null(LoadProbe.Violation(file, result));
        Assert.True(result.Loaded, result.Refusal?.Message);
    }

    [Fact]
    public void Load_XmlTwoHundredThousandEmptyRooms_LoadsWithinTheBounds()
    {
        // Seven bytes a room in XML: the objects take less than the budget, so the save is harmless.
        string xml = $"<GameContent><Rooms>{string.Concat(Enumerable.Repeat("<Room/>", 200_000))}</Rooms></GameContent>";

        var result = LoadProbe.Run(SaveFiles.Frame(SaveFormat.Xml, SaveCompression.None, Encoding.UTF8.GetBytes(xml)));

        Assert.True(result.Loaded, $"{result.Refusal}{result.Escape}");
    }

    [Fact]
    public void Load_XmlEntityBomb_ThrowsSaveCorrupted()
    {
        var bomb = new StringBuilder("<?xml version=\"1.0\"?>\n<!DOCTYPE GameContent [\n  <!ENTITY lol \"lol\">\n");
        for (int level = 1; level <= 9; level++)
        {
            bomb.Append(CultureInfoInvariant($"  <!ENTITY lol{level} \"{string.Concat(Enumerable.Repeat(level == 1 ? "&lol;" : $"&lol{level - 1};", 10))}\">\n"));
        }

        bomb.Append("]>\n<GameContent><Title>&lol9;</Title></GameContent>");

        var error = AssertRefused<SaveCorruptedException>(SaveFiles.Frame(SaveFormat.Xml, SaveCompression.None, Encoding.UTF8.GetBytes(bomb.ToString())));
        Assert.Contains("DTD", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Load_XmlExternalEntity_ThrowsSaveCorruptedWithoutReadingTheFile()
    {
        string secret = Path.Combine(Path.GetTempPath(), $"hostile-{Guid.NewGuid():N}.txt");
        File.WriteAllText(secret, "SECRET");
        try
        {
            string xml = $"<?xml version=\"1.0\"?><!DOCTYPE GameContent [<!ENTITY x SYSTEM \"file://{secret}\">]><GameContent><Title>&x;</Title></GameContent>";

            var error = AssertRefused<SaveCorruptedException>(SaveFiles.Frame(SaveFormat.Xml, SaveCompression.Lz4, Encoding.UTF8.GetBytes(xml)));
            Assert.DoesNotContain("SECRET", error.Message, StringComparison.Ordinal);
        }
        finally
        {
            File.Delete(secret);
        }
    }

    [Theory]
    [InlineData(SaveCompression.None)]
    [InlineData(SaveCompression.Lz4)]
    public void Load_XmlNestedDeepUnderAnUnknownElement_ThrowsSaveCorrupted(SaveCompression compression)
    {
        // A newer game's member is kept as it was read, and its elements count against the depth a load reads.
        string xml = $"<GameContent><Unknown>{string.Concat(Enumerable.Repeat("<a>", 100_000))}{string.Concat(Enumerable.Repeat("</a>", 100_000))}</Unknown><Title>deep</Title></GameContent>";

        var error = AssertRefused<SaveCorruptedException>(SaveFiles.Frame(SaveFormat.Xml, compression, Encoding.UTF8.GetBytes(xml)));
        Assert.Contains($"deeper than {XmlCodec.MaxDepth} levels", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Load_XmlUnknownElementOfAHundredThousandPiecesOfText_LoadsWithinTheAllocationBound()
    {
        // Text split by comments reaches the reader in pieces; joining each to all the ones before would be quadratic.
        string xml = $"<GameContent><Unknown>{string.Concat(Enumerable.Repeat("x<!---->", 100_000))}</Unknown><Title>pieces</Title></GameContent>";
        byte[] file = SaveFiles.Frame(SaveFormat.Xml, SaveCompression.None, Encoding.UTF8.GetBytes(xml));

        var result = LoadProbe.Run(file);

        Assert.Null(LoadProbe.Violation(file, result));
        Assert.True(result.Loaded, result.Refusal?.Message);
    }

    [Theory]
    [InlineData(new byte[] { 2 << 3 | 2 })]                    // GameContent.game_id: a string
    [InlineData(new byte[] { 4 << 3 | 2 })]                    // GameContent.rooms: a message
    [InlineData(new byte[] { 4 << 3 | 2, 6, 12 << 3 | 2, 4, 3 << 3 | 2 })] // rooms[0].walk_grid.cells: packed floats
    public void Load_ProtobufLengthPrefixOfTwoBillion_ThrowsSaveCorrupted(byte[] fieldPath)
    {
        byte[] payload = [.. fieldPath, 0xFF, 0xFF, 0xFF, 0xFF, 0x07, 1, 2, 3, 4];

        AssertRefused<SaveCorruptedException>(SaveFiles.Frame(SaveFormat.Protobuf, SaveCompression.None, payload));
    }

    [Fact]
    public void Load_ProtobufStringLengthReadPastTheEndOfItsMessage_ThrowsSaveCorruptedWithoutAllocatingIt()
    {
        // Found by afl-fuzz: rooms[0] is 7 bytes, and its background_sprite's length varint runs past
        // them to say 73 MB. protobuf-net's ReadOnlyMemory reader rented that much before failing.
        byte[] payload = [4 << 3 | 2, 7, 0x0A, 0x00, 0x5A, 0x00, 4 << 3 | 2, 0xEC, 0xCA, 0x80, 0x23, 0x22, 0x22];

        AssertRefused<SaveCorruptedException>(SaveFiles.Frame(SaveFormat.Protobuf, SaveCompression.None, payload));
    }

    [Fact]
    public void Load_ProtobufGroupsNestedAHundredThousandDeep_ThrowsSaveCorrupted()
    {
        const int depth = 100_000;
        byte[] payload = [.. Repeat([0x9B, 0x06], depth), .. Repeat([0x9C, 0x06], depth)]; // field 99, start group / end group

        AssertRefused<SaveCorruptedException>(SaveFiles.Frame(SaveFormat.Protobuf, SaveCompression.None, payload));
    }

    [Fact]
    public void Load_MetadataBlockWithHugeCounts_ThrowsSaveCorrupted()
    {
        byte[] hugeMap = [0xDF, 0x7F, 0xFF, 0xFF, 0xFF, 0xA1, 0x41];
        byte[] hugeThumbnail = [0x81, .. MsgPackString("Thumbnail"), 0xC6, 0x7F, 0xFF, 0xFF, 0xFF, 1, 2, 3];

        AssertRefused<SaveCorruptedException>(SaveFiles.WithMetadataBytes(SmallSave, hugeMap));
        AssertRefused<SaveCorruptedException>(SaveFiles.WithMetadataBytes(SmallSave, hugeThumbnail));
    }

    [Fact]
    public void Load_MetadataBlockNestedDeepOrNil_IsRefused()
    {
        byte[] deep = [0x82, .. MsgPackString("ModelId"), .. MsgPackString(SaveContainer.Version1ModelId), .. MsgPackString("Unknown"), .. Enumerable.Repeat((byte)0x91, 100_000), 0xC0];

        // A key the metadata lacks may nest no deeper than its own members: a slot list refuses it as a load does.
        AssertRefused<SaveCorruptedException>(SaveFiles.WithMetadataBytes(SmallSave, deep));
        AssertRefused<SaveCorruptedException>(SaveFiles.WithMetadataBytes(SmallSave, [0xC0]));
        AssertRefused<SaveCorruptedException>(SaveFiles.WithMetadataBytes(SmallSave, [0x81, .. MsgPackString("SavedAtUtc"), 0xD6, 0xFF, 0, 0]));
    }

    [Theory]
    [InlineData(double.NaN)]
    [InlineData(double.PositiveInfinity)]
    [InlineData(-1.0)]
    [InlineData(1e300)]
    public void Load_MetadataPlayTimeThatIsNoDuration_ThrowsSaveCorrupted(double seconds)
    {
        // A slot list shows it as a TimeSpan, which throws for each of these.
        byte[] metadata = [0x81, .. MsgPackString("PlayTimeSeconds"), 0xCB, .. BitConverter.GetBytes(BinaryPrimitives.ReverseEndianness(BitConverter.DoubleToInt64Bits(seconds)))];

        var error = AssertRefused<SaveCorruptedException>(SaveFiles.WithMetadataBytes(SmallSave, metadata));
        Assert.Contains("play time", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Load_MetadataBlockOverTheLimit_ThrowsSaveTooLarge()
    {
        byte[] file = SaveFiles.WithMetadataBytes(SmallSave, [0x81, .. MsgPackString("Thumbnail"), 0xC6, 0x00, 0x10, 0x00, 0x00, .. new byte[1 << 20]]);

        Assert.Throws<SaveTooLargeException>(() => SaveSerializer.Load<GameContent>(file, LoadOptions.Default with { MaxMetadataBytes = 1 << 19 }));
    }

    /// <summary>Runs the probe: the input must be refused as <typeparamref name="T"/>, within the bounds.</summary>
    private static T AssertRefused<T>(byte[] file)
        where T : SaveException
    {
        var result = LoadProbe.Run(file);
        Assert.Null(LoadProbe.Violation(file, result));
        return Assert.IsType<T>(result.Refusal);
    }

    private static byte[] MsgPackString(string text) => [(byte)(0xA0 | text.Length), .. Encoding.UTF8.GetBytes(text)];

    private static byte[] BigEndian(int value)
    {
        byte[] bytes = new byte[4];
        BinaryPrimitives.WriteInt32BigEndian(bytes, value);
        return bytes;
    }

    private static byte[] Repeat(byte[] bytes, int times) => [.. Enumerable.Repeat(bytes, times).SelectMany(b => b)];

    private static string CultureInfoInvariant(FormattableString text) => FormattableString.Invariant(text);

    private static byte[] RandomBytes(int length, int seed)
    {
        byte[] bytes = new byte[length];
        new Random(seed).NextBytes(bytes);
        return bytes;
    }

    private static byte[] Lz4Frame(byte[] content)
    {
        using var stored = new MemoryStream();
        using (var encoder = LZ4Stream.Encode(stored, leaveOpen: true))
        {
            encoder.Write(content);
        }

        return stored.ToArray();
    }

    /// <summary>
    /// An LZ4 frame with a content-size field added to its descriptor (K4os 1.3.8 can't write one):
    /// the FLG bit set, the 8-byte size after BD, the descriptor checksum recomputed.
    /// </summary>
    private static byte[] WithFrameContentSize(byte[] frame, long contentSize)
    {
        const int flags = 4;
        Assert.True((frame[flags] & 0x08) == 0 && (frame[flags] & 0x01) == 0, "the frame already has a content size or a dictionary");
        byte[] size = new byte[8];
        BinaryPrimitives.WriteInt64LittleEndian(size, contentSize);
        byte[] copy = [.. frame.AsSpan(0, flags + 2), .. size, 0, .. frame.AsSpan(flags + 3)];
        copy[flags] |= 0x08;
        copy[flags + 10] = (byte)(XxHash32.HashToUInt32(copy.AsSpan(flags, 10)) >> 8);
        return copy;
    }
}

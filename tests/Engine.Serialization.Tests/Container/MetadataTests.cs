using System.Buffers;
using System.Buffers.Binary;
using Engine.Core.Model;
using Engine.Serialization.Container;
using Engine.Serialization.Tests.Fuzzing;
using MessagePack;
using RpgGame.Model;

namespace Engine.Serialization.Tests.Container;

/// <summary>
/// The metadata block's rules in docs/FORMAT.md ("Metadata block", "Container versions", and steps 7 and 12 of "Reading,
/// in order"), each with a block that breaks only it, around an intact payload and with valid checksums.
/// </summary>
public sealed class MetadataTests
{
    private static readonly byte[] SmallSave = SaveSerializer.Save(ContentGenerator.Create(ContentSize.Small));

    private delegate void Value(ref MessagePackWriter writer);

    // "Container versions", 1: the same layout, without ModelId; no version-1 writer wrote the key.
    [Theory]
    [InlineData(SaveContainer.Version1ModelId)]
    [InlineData(PartyState.ModelId)]
    public void Load_Version1MetadataNamingAModel_ThrowsSaveCorrupted(string model)
    {
        byte[] file = AsVersion1(SaveFiles.WithMetadataBytes(SmallSave, Map(("Title", Text("Harbor")), ("ModelId", Text(model)))));

        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(file));

        Assert.Contains($"The version-1 metadata names a model ('{model}')", error.Message, StringComparison.Ordinal);
    }

    // "Container versions", 1: every version-1 save holds GameContent, read as such; an empty ModelId names no model.
    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Load_Version1MetadataNamingNoModel_HoldsGameContent(bool emptyModelId)
    {
        byte[] metadata = emptyModelId ? Map(("Title", Text("Harbor")), ("ModelId", Text(""))) : Map(("Title", Text("Harbor")));
        byte[] file = AsVersion1(SaveFiles.WithMetadataBytes(SmallSave, metadata));

        var (info, _) = SaveContainer.Open(file, LoadOptions.Default);

        Assert.Equal((1, SaveContainer.Version1ModelId), (info.Header.ContainerVersion, info.Metadata.ModelId));
        Assert.Equal(3, SaveSerializer.Load<GameContent>(file).Rooms.Count);
    }

    // "Metadata block", ModelId: required from version 2 on.
    [Theory]
    [InlineData(2, false)]
    [InlineData(3, false)]
    [InlineData(3, true)]
    public void Load_MetadataOfVersion2OrLaterNamingNoModel_ThrowsSaveCorrupted(int version, bool emptyModelId)
    {
        byte[] metadata = emptyModelId ? Map(("Title", Text("Harbor")), ("ModelId", Text(""))) : Map(("Title", Text("Harbor")));
        byte[] file = WithVersion(SaveFiles.WithMetadataBytes(SmallSave, metadata), version);

        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(file));

        Assert.Contains("does not name the model the save holds", error.Message, StringComparison.Ordinal);
    }

    // What Save accepts, Load reads back: metadata a load would refuse (nil in any key: MissingValuesTests) is refused
    // before a byte is written.
    [Theory]
    [InlineData("Title")]
    [InlineData("GameId")]
    [InlineData("Thumbnail")]
    [InlineData("ModelId")]
    [InlineData("SlotName")]
    public void Save_MetadataHoldingNull_WritesNothing(string key)
    {
        var metadata = new SaveMetadata { ModelId = SaveContainer.Version1ModelId };
        typeof(SaveMetadata).GetProperty(key)!.SetValue(metadata, null);
        var output = new ArrayBufferWriter<byte>();

        var error = Assert.Throws<SaveEncodingException>(() => SaveContainer.Write(output, SaveFormat.MessagePack, SaveCompression.None, 1, metadata, [0x80], 1));

        Assert.Contains($"holds nil for its {key}", error.Message, StringComparison.Ordinal);
        Assert.Equal(0, output.WrittenCount);
    }

    // "Metadata block", PlayTimeSeconds: from 0 up to what a TimeSpan holds (HostileFileTests refuses NaN, infinity, -1 and 1e300).
    [Theory]
    [InlineData("zero", true)]
    [InlineData("the largest", true)]
    [InlineData("just above the largest", false)]
    [InlineData("just below zero", false)]
    public void Load_MetadataPlayTimeAtTheEdgesOfADuration_LoadsOnlyWithin(string edge, bool loads)
    {
        double seconds = edge switch
        {
            "zero" => 0,
            "the largest" => TimeSpan.MaxValue.TotalSeconds,
            "just above the largest" => Math.BitIncrement(TimeSpan.MaxValue.TotalSeconds),
            _ => -double.Epsilon,
        };
        byte[] file = SaveFiles.WithMetadataBytes(SmallSave, Map(("ModelId", Text(SaveContainer.Version1ModelId)), ("PlayTimeSeconds", (ref MessagePackWriter w) => w.Write(seconds))));

        var load = Record.Exception(() => SaveSerializer.Load<GameContent>(file));

        Assert.True(loads ? load is null : load is SaveCorruptedException, $"{seconds:R}: {load}");
    }

    // "Metadata block": unknown keys are skipped and missing keys keep defaults.
    [Fact]
    public void Load_MetadataWithUnknownKeysAndOnlyTheModel_LoadsWithDefaults()
    {
        Value list = (ref MessagePackWriter w) =>
        {
            w.WriteArrayHeader(1);
            w.Write(7);
        };
        byte[] file = SaveFiles.WithMetadataBytes(SmallSave, Map(("Mood", Text("stormy")), ("ModelId", Text(SaveContainer.Version1ModelId)), ("Weather", list)));

        var (info, _) = SaveContainer.Open(file, LoadOptions.Default);

        Assert.Equal(("", "", 0.0, default(DateTime), "", 0), (info.Metadata.Title, info.Metadata.GameId, info.Metadata.PlayTimeSeconds, info.Metadata.SavedAtUtc, info.Metadata.SlotName, info.Metadata.Thumbnail.Length));
        Assert.Equal(3, SaveSerializer.Load<GameContent>(file).Rooms.Count);
    }

    // "Metadata block": a MessagePack map with string keys.
    [Theory]
    [InlineData(new byte[] { 0x90 })] // an empty array
    [InlineData(new byte[] { 0xA1, 0x41 })] // a string
    [InlineData(new byte[] { 0x2A })] // a number
    public void Load_MetadataThatIsNoMap_ThrowsSaveCorrupted(byte[] metadata)
    {
        Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(SaveFiles.WithMetadataBytes(SmallSave, metadata)));
    }

    // "Metadata block", the table: each key holds its MessagePack type.
    [Theory]
    [InlineData("Title")]
    [InlineData("SavedAtUtc")]
    [InlineData("PlayTimeSeconds")]
    [InlineData("GameId")]
    [InlineData("Thumbnail")]
    [InlineData("SlotName")]
    public void Load_MetadataKeyHoldingAnotherType_ThrowsSaveCorrupted(string key)
    {
        Value wrong = key switch
        {
            "PlayTimeSeconds" or "SavedAtUtc" or "Thumbnail" => (ref MessagePackWriter w) => w.Write(true),
            _ => (ref MessagePackWriter w) => w.Write(7),
        };
        byte[] file = SaveFiles.WithMetadataBytes(SmallSave, Map(("ModelId", Text(SaveContainer.Version1ModelId)), (key, wrong)));

        Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(file));
    }

    // "Metadata block", the table: the writer's types, read back as written.
    [Fact]
    public void Save_WritesEachKeyAsTheTableSays()
    {
        var metadata = new SaveMetadata
        {
            Title = "Harbor",
            SavedAtUtc = new DateTime(2026, 11, 22, 18, 30, 5, DateTimeKind.Utc),
            PlayTimeSeconds = 12.5,
            GameId = "g",
            Thumbnail = [1, 2],
            SlotName = "Chapter 2",
        };
        byte[] save = SaveSerializer.Save(ContentGenerator.Create(ContentSize.Small), metadata);
        int length = BinaryPrimitives.ReadInt32LittleEndian(save.AsSpan(16));
        var reader = new MessagePackReader(save.AsMemory(52, length));
        var types = new Dictionary<string, (MessagePackType Type, byte Code)>();
        sbyte timestampType = 0;

        for (int count = reader.ReadMapHeader(), i = 0; i < count; i++)
        {
            string key = reader.ReadString()!;
            types[key] = (reader.NextMessagePackType, reader.NextCode);
            if (key == "SavedAtUtc")
            {
                timestampType = reader.CreatePeekReader().ReadExtensionFormatHeader().TypeCode;
            }

            reader.Skip();
        }

        Assert.Equal(MessagePackType.String, types["Title"].Type);
        Assert.Equal((MessagePackType.Extension, (sbyte)-1), (types["SavedAtUtc"].Type, timestampType));
        Assert.Equal((MessagePackType.Float, MessagePackCode.Float64), types["PlayTimeSeconds"]);
        Assert.Equal(MessagePackType.String, types["GameId"].Type);
        Assert.Equal(MessagePackType.Binary, types["Thumbnail"].Type);
        Assert.Equal(MessagePackType.String, types["ModelId"].Type);
        Assert.Equal(MessagePackType.String, types["SlotName"].Type);
        Assert.Equal(7, types.Count);
    }

    private static byte[] Map(params (string Key, Value Value)[] entries)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new MessagePackWriter(buffer);
        writer.WriteMapHeader(entries.Length);
        foreach (var (key, value) in entries)
        {
            writer.Write(key);
            value(ref writer);
        }

        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    private static Value Text(string text) => (ref MessagePackWriter w) => w.Write(text);

    private static byte[] AsVersion1(byte[] file) => WithVersion(file, 1);

    private static byte[] WithVersion(byte[] file, int version)
    {
        BinaryPrimitives.WriteUInt16LittleEndian(file.AsSpan(8), (ushort)version);
        return SaveFiles.FixChecksums(file);
    }
}

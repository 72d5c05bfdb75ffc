using System.Buffers;
using Engine.Serialization.Container;
using Engine.Serialization.Tests.Fuzzing;
using Engine.Serialization.Migrations;
using MessagePack;

namespace Engine.Serialization.Tests.Versioning;

/// <summary>
/// A game's own model brings its older saves up to date through the steps its [SaveModel] lists, with no LoadOptions:
/// the per-model migrations issue 12 asks for, end to end (MigrationTests passes its steps in LoadOptions instead).
/// </summary>
public sealed class ModelMigrationTests
{
    [Theory]
    [InlineData(SaveFormat.MessagePack)]
    [InlineData(SaveFormat.Xml)]
    [InlineData(SaveFormat.Protobuf)]
    public void SchemaOneSave_LoadsThroughTheStepsTheModelDeclares(SaveFormat format)
    {
        var older = new JournalV1 { Caption = "The miller's key", Pages = 12 };
        byte[] payload = SaveFiles.DecodedPayload(SaveSerializer.Save(older, options: new SaveOptions { Format = format }));
        var file = new ArrayBufferWriter<byte>();
        SaveContainer.Write(file, format, SaveCompression.None, 1, new SaveMetadata { Title = "t", ModelId = JournalV2.ModelId }, payload, payload.Length);

        var loaded = SaveSerializer.Load<JournalV2>(file.WrittenMemory);

        Assert.Equal(("The miller's key", 12), (loaded.Heading, loaded.Pages));
        Assert.Equal(2, SaveSerializer.ReadPayload<JournalV2>(SaveSerializer.Save(loaded)).Info.Header.SchemaVersion);
    }

    [Fact]
    public void SchemaOneProtobufSave_OfAModelKeepingNoRecordOfSchemaOne_IsRefusedNamingTheFileToKeep()
    {
        var older = new JournalV1 { Caption = "The miller's key", Pages = 12 };
        byte[] payload = SaveFiles.DecodedPayload(SaveSerializer.Save(older, options: new SaveOptions { Format = SaveFormat.Protobuf }));
        var file = new ArrayBufferWriter<byte>();
        SaveContainer.Write(file, SaveFormat.Protobuf, SaveCompression.None, 1, new SaveMetadata { Title = "t", ModelId = UnrecordedJournal.ModelId }, payload, payload.Length);

        var error = Assert.Throws<UnsupportedSaveVersionException>(() => SaveSerializer.Load<UnrecordedJournal>(file.WrittenMemory));

        Assert.Contains("lacks the record of schema 1's field numbers", error.Message, StringComparison.Ordinal);
        Assert.Contains("keep tests.journal.unrecorded.schema-1.proto beside the model's .proto", error.Message, StringComparison.Ordinal);
    }
}

/// <summary>Schema 2 of a journal whose build keeps no record of schema 1's protobuf field numbers (no tests.journal.unrecorded.schema-1.proto).</summary>
[SaveModel(Id = ModelId, SchemaVersion = 2, Migrations = [typeof(CaptionIsHeading)])]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class UnrecordedJournal
{
    public const string ModelId = "tests.journal.unrecorded";

    public string Heading { get; set; } = "";

    public int Pages { get; set; }
}

/// <summary>The journal as schema 1 wrote it (its saves are framed with <see cref="JournalV2"/>'s id: two models of one assembly can't share one).</summary>
[SaveModel(Id = "tests.journal.v1")]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class JournalV1
{
    public string Caption { get; set; } = "";

    public int Pages { get; set; }
}

/// <summary>Schema 2: Caption renamed Heading, brought up by the step the attribute lists.</summary>
[SaveModel(Id = ModelId, SchemaVersion = 2, Migrations = [typeof(CaptionIsHeading)])]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class JournalV2
{
    public const string ModelId = "tests.journal";

    public string Heading { get; set; } = "";

    public int Pages { get; set; }
}

public sealed class CaptionIsHeading : ISchemaMigration
{
    public int FromVersion => 1;

    public string Description => "Journal.Caption is now Journal.Heading";

    public void Apply(DocumentObject root) => root.Rename("Caption", "Heading");
}

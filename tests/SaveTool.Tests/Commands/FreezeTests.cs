using Engine.Core.Model;
using Engine.Serialization;
using Engine.Serialization.Container;
using Engine.Serialization.Migrations;
using Engine.Serialization.Models;
using Engine.Serialization.Tools;
using Engine.Testing;
using MessagePack;

namespace SaveTool.Tests.Commands;

/// <summary><c>savetool freeze</c> and <see cref="SaveFixtures"/>: a game's own saves kept as fixtures, loaded forever.</summary>
public sealed class FreezeTests : IDisposable
{
    private readonly SaveFiles _files = new();

    public void Dispose() => _files.Dispose();

    private string Fixtures => _files.PathOf("fixtures");

    [Fact]
    public void Freeze_KeepsTheSaveUnderItsModelAndSchema_AndLoadAllLoadsIt()
    {
        var content = SaveFiles.Small();
        string save = _files.Write("chapter-2.sav", content, SaveFormat.Xml, SaveCompression.Lz4);

        var run = SaveToolProgram.Run("freeze", save, "--into", Fixtures);

        string frozen = Path.Combine(Fixtures, SaveModels.IdOf<GameContent>(), $"schema-{GameContent.CurrentSchemaVersion}", "chapter-2.sav");
        Assert.Equal((0, "", $"{frozen}: frozen\n"), (run.ExitCode, run.Error, run.Output));
        Assert.Equal(File.ReadAllBytes(save), File.ReadAllBytes(frozen));
        var loaded = Assert.Single(SaveFixtures.LoadAll<GameContent>(Fixtures));
        Assert.Equal((frozen, GameContent.CurrentSchemaVersion), (loaded.Path, loaded.SchemaVersion));
        GraphAssert.Equal(content, loaded.Game);
    }

    [Fact]
    public void Freeze_EveryFormat_SavesTheGameAgainInEachFormatAndCompression()
    {
        var content = SaveFiles.Small();
        string save = _files.Write("start.sav", content);

        var run = SaveToolProgram.Run("freeze", save, "--into", Fixtures, "--every-format");

        Assert.Equal((0, ""), (run.ExitCode, run.Error));
        var loaded = SaveFixtures.LoadAll<GameContent>(Fixtures);
        Assert.Equal(
            ["start-messagepack-lz4.sav", "start-messagepack-none.sav", "start-protobuf-lz4.sav", "start-protobuf-none.sav", "start-xml-lz4.sav", "start-xml-none.sav"],
            loaded.Select(frozen => Path.GetFileName(frozen.Path)));
        Assert.Equal(
            [.. Enum.GetValues<SaveFormat>().SelectMany(format => Enum.GetValues<SaveCompression>().Select(compression => (format, compression)))],
            loaded.Select(frozen => SaveSerializer.ReadInfo(frozen.Path)).Select(info => (info.Header.Format, info.Header.Compression)).Order());
        Assert.All(loaded, frozen => GraphAssert.Equal(content, frozen.Game));
        Assert.All(loaded, frozen => Assert.Equal(SaveFiles.Metadata.Title, SaveSerializer.ReadInfo(frozen.Path).Metadata.Title));
    }

    [Fact]
    public void Freeze_NeverRewritesAFrozenSave()
    {
        string save = _files.Write("slot.sav", SaveFiles.Small());
        SaveToolProgram.Run("freeze", save, "--into", Fixtures);
        string frozen = Path.Combine(Fixtures, SaveModels.IdOf<GameContent>(), $"schema-{GameContent.CurrentSchemaVersion}", "slot.sav");
        byte[] first = File.ReadAllBytes(frozen);

        var again = SaveToolProgram.Run("freeze", save, "--into", Fixtures);
        var changed = SaveFiles.Small();
        changed.Title = "another game";
        _files.Write("slot.sav", changed);
        var other = SaveToolProgram.Run("freeze", save, "--into", Fixtures);

        Assert.Equal((0, $"{frozen}: frozen already, the same bytes\n"), (again.ExitCode, again.Output));
        Assert.Equal(2, other.ExitCode);
        Assert.Contains("a frozen save never changes", other.OneErrorLine(), StringComparison.Ordinal);
        Assert.Equal(first, File.ReadAllBytes(frozen));
    }

    [Fact]
    public void Freeze_OfASaveOlderThanItsModel_IsRefused()
    {
        string save = _files.PathOf("old.sav");
        File.WriteAllBytes(save, LedgerAtSchema1("Ann"));

        var run = SaveToolProgram.Run("freeze", save, "--into", Fixtures);

        Assert.Equal(2, run.ExitCode);
        Assert.Contains("the save is of schema 1 and its model, 'savetool.tests.ledger', is at schema 2", run.OneErrorLine(), StringComparison.Ordinal);
        Assert.False(Directory.Exists(Fixtures));
    }

    [Fact]
    public void LoadAll_BringsEveryFrozenSchemaThroughTheMigrations_WithTheStepsChecked()
    {
        Assert.True(SaveFixtures.Freeze(Fixtures, "ann.sav", LedgerAtSchema1("Ann"), out string frozen));
        Assert.True(SaveFixtures.Freeze(Fixtures, "now.sav", SaveSerializer.Save(new Ledger { Keeper = "Bo" }), out _));

        var loaded = SaveFixtures.LoadAll<Ledger>(Fixtures);

        Assert.Equal(Path.Combine(Fixtures, "savetool.tests.ledger", "schema-1", "ann.sav"), frozen);
        Assert.Equal([(1, "Ann"), (2, "Bo")], loaded.Select(save => (save.SchemaVersion, save.Game.Keeper)));
    }

    [Fact]
    public void LoadAll_OfAStepThatChangesNothing_Fails_NamingTheFile()
    {
        byte[] payload = MessagePackSerializer.Serialize(new Dictionary<string, string> { ["Keeper"] = "Ann" });
        SaveFixtures.Freeze(Fixtures, "renamed-already.sav", Container(payload, schemaVersion: 1), out string frozen);

        var failure = Assert.Throws<InvalidOperationException>(() => SaveFixtures.LoadAll<Ledger>(Fixtures));

        Assert.StartsWith(frozen + ": ", failure.Message, StringComparison.Ordinal);
        Assert.Contains("(Ledger.Clerk is now Keeper) changed nothing in the save", failure.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void LoadAll_OfAFolderWithNoFrozenSave_Fails()
    {
        var failure = Assert.Throws<InvalidOperationException>(() => SaveFixtures.LoadAll<Ledger>(Fixtures));

        Assert.Contains("No frozen save of 'savetool.tests.ledger'", failure.Message, StringComparison.Ordinal);
    }

    /// <summary>A save of the ledger as its schema-1 release wrote it: the keeper under the key "Clerk".</summary>
    private static byte[] LedgerAtSchema1(string clerk) =>
        Container(MessagePackSerializer.Serialize(new Dictionary<string, string> { ["Clerk"] = clerk }), schemaVersion: 1);

    private static byte[] Container(byte[] payload, int schemaVersion)
    {
        var file = new System.Buffers.ArrayBufferWriter<byte>();
        SaveContainer.Write(file, SaveFormat.MessagePack, SaveCompression.None, schemaVersion, new SaveMetadata { ModelId = "savetool.tests.ledger" }, payload, payload.Length);
        return file.WrittenSpan.ToArray();
    }
}

/// <summary>A model at schema 2, whose step from schema 1 renames its one member.</summary>
[SaveModel(Id = "savetool.tests.ledger", SchemaVersion = 2, Migrations = [typeof(ClerkIsKeeper)])]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class Ledger
{
    public string Keeper { get; set; } = "";
}

public sealed class ClerkIsKeeper : ISchemaMigration
{
    public int FromVersion => 1;

    public string Description => "Ledger.Clerk is now Keeper";

    public void Apply(DocumentObject root)
    {
        ArgumentNullException.ThrowIfNull(root);
        root.Rename("Clerk", "Keeper");
    }
}

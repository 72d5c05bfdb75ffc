using Engine.Serialization.Models;

namespace SaveTool.Tests.Commands;

/// <summary><c>savetool schemas</c>: a game's own model's .proto, XSD and member tables, written where it checks them in.</summary>
public sealed class SchemasTests : IDisposable
{
    private readonly SaveFiles _files = new();

    public void Dispose() => _files.Dispose();

    private string Folder => _files.PathOf("Schemas");

    [Fact]
    public void Schemas_WritesTheModelsProtoXsdAndMemberTables_ThenFindsThemUpToDate()
    {
        var schemas = SaveModels.SchemasOf<Ledger>();

        var first = SaveToolProgram.Run("schemas", "savetool.tests.ledger", "--into", Folder);
        var second = SaveToolProgram.Run("schemas", "savetool.tests.ledger", "--into", Folder);

        string proto = Path.Combine(Folder, schemas.ProtoFileName);
        string xsd = Path.Combine(Folder, schemas.XsdFileName);
        string tables = Path.Combine(Folder, Path.ChangeExtension(schemas.ProtoFileName, ".md"));
        Assert.Equal((0, "", $"{proto}: written\n{xsd}: written\n{tables}: written\n"), (first.ExitCode, first.Error, first.Output));
        Assert.Equal((0, $"{proto}: up to date\n{xsd}: up to date\n{tables}: up to date\n"), (second.ExitCode, second.Output));
        Assert.Equal(schemas.Proto, File.ReadAllText(proto));
        Assert.Equal(schemas.Xsd, File.ReadAllText(xsd));
        Assert.Equal(schemas.MemberTables, File.ReadAllText(tables));
    }

    [Fact]
    public void Schemas_OverTheProtoOfAnEarlierSchemaVersion_KeepsItAsThatSchemasRecord()
    {
        var schemas = SaveModels.SchemasOf<Ledger>();
        Directory.CreateDirectory(Folder);
        string proto = Path.Combine(Folder, schemas.ProtoFileName);
        string release1 = schemas.Proto.Replace("(schema version 2)", "(schema version 1)", StringComparison.Ordinal).Replace("keeper", "clerk", StringComparison.Ordinal);
        File.WriteAllText(proto, release1);

        var run = SaveToolProgram.Run("schemas", "savetool.tests.ledger", "--into", Folder);

        Assert.Equal(0, run.ExitCode);
        Assert.Equal(release1, File.ReadAllText(Path.Combine(Folder, "savetool.tests.ledger.schema-1.proto")));
        Assert.Equal(schemas.Proto, File.ReadAllText(proto));
    }

    [Fact]
    public void Schemas_OfAModelTheProgramDoesNotKnow_IsRefused()
    {
        var run = SaveToolProgram.Run("schemas", "no.such.model", "--into", Folder);

        Assert.Equal(2, run.ExitCode);
        Assert.Contains("doesn't know the model 'no.such.model'", run.OneErrorLine(), StringComparison.Ordinal);
        Assert.False(Directory.Exists(Folder));
    }
}

using Engine.Serialization.Models;
using Engine.Serialization.Tests.Versioning;

namespace Engine.Serialization.Tests.Schemas;

/// <summary>The schema writer keeps a model's .proto of each earlier schema version when it writes a newer one, and never writes a kept one again.</summary>
public sealed class KeptProtosTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("kept-protos-").FullName;

    [Fact]
    public void SchemaBump_KeepsTheEarlierProto_AndNeverRewritesAKeptOne()
    {
        string path = Path.Combine(_folder, "my.game.proto");
        File.WriteAllText(path, Proto(1, "fields of 1"));

        Assert.Null(KeptProtos.Keep(path, Proto(1, "fields of 1, a member added")));
        Assert.Equal(Path.Combine(_folder, "my.game.schema-1.proto"), KeptProtos.Keep(path, Proto(2, "fields of 2")));
        Assert.Equal(Proto(1, "fields of 1"), File.ReadAllText(Path.Combine(_folder, "my.game.schema-1.proto")));

        File.WriteAllText(path, Proto(1, "a version-1 file written again by mistake"));
        KeptProtos.Keep(path, Proto(2, "fields of 2"));
        File.WriteAllText(path, Proto(2, "fields of 2"));
        KeptProtos.Keep(path, Proto(3, "fields of 3"));

        Assert.Equal(Proto(1, "fields of 1"), File.ReadAllText(Path.Combine(_folder, "my.game.schema-1.proto")));
        Assert.Equal(Proto(2, "fields of 2"), File.ReadAllText(Path.Combine(_folder, "my.game.schema-2.proto")));
        Assert.Equal(["my.game.proto", "my.game.schema-1.proto", "my.game.schema-2.proto"], Directory.GetFiles(_folder).Select(Path.GetFileName).Order(StringComparer.Ordinal));
    }

    [Fact]
    public void GeneratedProto_NamesItsSchemaVersion()
    {
        Assert.Equal(1, KeptProtos.SchemaVersionOf(SaveModels.SchemasOf<ColonyV1>().Proto));
        Assert.Equal(2, KeptProtos.SchemaVersionOf(SaveModels.SchemasOf<ColonyV2>().Proto));
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    private static string Proto(int schemaVersion, string body) =>
        $"// The protobuf schema of the save model 'my.game' (schema version {schemaVersion}), generated from the model's declaration by\n// {body}\n";
}

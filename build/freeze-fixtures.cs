#:project ../Engine.Core/Engine.Core.csproj
#:project ../tests/RpgGame/RpgGame.csproj
// Writes the frozen save fixtures for each model's current schema version: for GameContent, Small content and the
// edge-case content (ContentGenerator.CreateEdgeCases) as whole saves in every format and compression, and Small as a
// bare MessagePack payload; for the RPG's PartyState, its sample party in every format the model can be saved in.
// Run once per schema version and commit the files; it never rewrites one, since they stand for saves already on
// players' disks.
//   dotnet run build/freeze-fixtures.cs
using System.Buffers;
using Engine.Core.Generation;
using Engine.Core.Model;
using Engine.Serialization;
using Engine.Serialization.Compression;
using Engine.Serialization.Container;
using Engine.Serialization.Formats;
using RpgGame.Model;

string fixtures = Path.GetFullPath(Path.Combine(AppContext.GetData("EntryPointFileDirectoryPath") as string ?? "build", "..", "tests",
    "Engine.Serialization.Tests", "Fixtures"));
string folder = Path.Combine(fixtures, $"schema-v{GameContent.CurrentSchemaVersion}");
Directory.CreateDirectory(folder);
var content = ContentGenerator.Create(ContentSize.Small);
var edges = ContentGenerator.CreateEdgeCases();

Freeze("small.msgpack", () =>
{
    return SaveSerializer.ReadPayload<GameContent>(SaveSerializer.Save(content, FixedTime(content))).Payload.ToArray();
});
foreach (var format in Enum.GetValues<SaveFormat>())
{
    foreach (var compression in Enum.GetValues<SaveCompression>())
    {
        var options = new SaveOptions { Format = format, Compression = compression };
        Freeze($"small-{format}-{compression}.sav".ToLowerInvariant(), () => SaveSerializer.Save(content, FixedTime(content), options));
        Freeze($"edges-{format}-{compression}.sav".ToLowerInvariant(), () => SaveSerializer.Save(edges, FixedTime(edges), options));
    }
}

folder = Path.Combine(fixtures, $"rpg-v{PartyState.CurrentSchemaVersion}");
Directory.CreateDirectory(folder);
var party = PartyFactory.Sample();
foreach (var format in Enum.GetValues<SaveFormat>())
{
    foreach (var compression in Enum.GetValues<SaveCompression>())
    {
        var options = new SaveOptions { Format = format, Compression = compression };
        Freeze($"sample-{format}-{compression}.sav".ToLowerInvariant(), () => SaveSerializer.Save(party, FixedTime(party), options));
    }
}

return 0;

// A fixed save time, so the metadata is the same whenever this runs.
static SaveMetadata FixedTime<T>(T game) => SaveMetadata.For(game) with { SavedAtUtc = new DateTime(2026, 11, 22, 12, 0, 0, DateTimeKind.Utc) };

void Freeze(string name, Func<byte[]> bytes)
{
    string path = Path.Combine(folder, name);
    if (File.Exists(path))
    {
        Console.WriteLine($"kept  {path} (frozen fixtures are never rewritten)");
        return;
    }

    File.WriteAllBytes(path, bytes());
    Console.WriteLine($"wrote {path}");
}

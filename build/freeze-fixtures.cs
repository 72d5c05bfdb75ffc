#:project ../Engine.Serialization/Engine.Serialization.csproj
// Writes the frozen save fixtures for the current schema version: Small content and the edge-case
// content (ContentGenerator.CreateEdgeCases) as whole saves in every format and compression, and
// Small as a bare MessagePack payload. Run once per schema version and
// commit the files; it never rewrites one, since they stand for saves already on players' disks.
//   dotnet run build/freeze-fixtures.cs
using System.Buffers;
using Engine.Core.Generation;
using Engine.Core.Model;
using Engine.Serialization;
using Engine.Serialization.Compression;
using Engine.Serialization.Container;
using Engine.Serialization.Formats;

string folder = Path.GetFullPath(Path.Combine(AppContext.GetData("EntryPointFileDirectoryPath") as string ?? "build", "..", "tests",
    "Engine.Serialization.Tests", "Fixtures", $"schema-v{GameContent.CurrentSchemaVersion}"));
Directory.CreateDirectory(folder);
var content = ContentGenerator.Create(ContentSize.Small);
var edges = ContentGenerator.CreateEdgeCases();

Freeze("small.msgpack", () =>
{
    var payload = new ArrayBufferWriter<byte>();
    SaveFormats.Get<GameContent>(SaveFormat.MessagePack).Write(payload, content);
    return payload.WrittenSpan.ToArray();
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

return 0;

// A fixed save time, so the metadata is the same whenever this runs.
static SaveMetadata FixedTime(GameContent game)
{
    var metadata = SaveMetadata.For(game);
    metadata.SavedAtUtc = new DateTime(2026, 11, 22, 12, 0, 0, DateTimeKind.Utc);
    return metadata;
}

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

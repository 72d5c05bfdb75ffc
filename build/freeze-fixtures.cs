#:project ../Engine.Serialization/Engine.Serialization.csproj
// Writes the frozen save fixtures for the current schema version: Small content as a whole save in
// every format and compression, and as a bare MessagePack payload. Run once per schema version and
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
// A fixed save time, so the metadata is the same whenever this runs.
var metadata = SaveMetadata.For(content);
metadata.SavedAtUtc = new DateTime(2026, 11, 22, 12, 0, 0, DateTimeKind.Utc);

Freeze("small.msgpack", () =>
{
    var payload = new ArrayBufferWriter<byte>();
    SaveFormats.Get(SaveFormat.MessagePack).Write(payload, content);
    return payload.WrittenSpan.ToArray();
});
foreach (var format in Enum.GetValues<SaveFormat>())
{
    foreach (var compression in Enum.GetValues<SaveCompression>())
    {
        Freeze($"small-{format}-{compression}.sav".ToLowerInvariant(), () =>
            SaveSerializer.Save(content, metadata, new SaveOptions { Format = format, Compression = compression }));
    }
}

return 0;

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

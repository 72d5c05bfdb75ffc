#:project ../Engine.Serialization/Engine.Serialization.csproj
// Writes the frozen save fixtures for the current schema version. Run once per schema version,
// commit the files, and never rewrite them: they stand for saves already on players' disks.
//   dotnet run build/freeze-fixtures.cs
using Engine.Core.Generation;
using Engine.Core.Model;
using Engine.Serialization;

string folder = Path.Combine(AppContext.GetData("EntryPointFileDirectoryPath") as string ?? "build", "..", "tests",
    "Engine.Serialization.Tests", "Fixtures", $"schema-v{GameContent.CurrentSchemaVersion}");
Directory.CreateDirectory(folder);
string path = Path.GetFullPath(Path.Combine(folder, "small.msgpack"));
if (File.Exists(path))
{
    Console.Error.WriteLine($"{path} exists; frozen fixtures are never rewritten.");
    return 1;
}

SaveSerializer.SaveToFile(path, ContentGenerator.Create(ContentSize.Small));
Console.WriteLine($"wrote {path}");
return 0;

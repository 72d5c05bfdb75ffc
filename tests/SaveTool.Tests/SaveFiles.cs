using Engine.Core.Model;
using Engine.Serialization;
using Engine.Serialization.Container;

namespace SaveTool.Tests;

/// <summary>A temp folder the test writes its saves in, deleted afterwards.</summary>
public sealed class SaveFiles : IDisposable
{
    public static readonly SaveMetadata Metadata = new()
    {
        Title = "Chapter 2: The Cave",
        SavedAtUtc = new DateTime(2026, 11, 22, 18, 30, 5, DateTimeKind.Utc),
        PlayTimeSeconds = 4521.25,
        GameId = "engine-sample",
    };

    public string Folder { get; } = Directory.CreateTempSubdirectory("savetool-").FullName;

    public static GameContent Small() => ContentGenerator.Create(ContentSize.Small);

    public string PathOf(string name) => Path.Combine(Folder, name);

    /// <summary>Saves <paramref name="content"/> as <paramref name="name"/> and returns its path.</summary>
    public string Write<T>(string name, T content, SaveFormat format = SaveFormat.MessagePack, SaveCompression compression = SaveCompression.None)
    {
        string path = PathOf(name);
        SaveSerializer.SaveToFile(path, content, Metadata, new SaveOptions { Format = format, Compression = compression });
        return path;
    }

    public void Dispose() => Directory.Delete(Folder, recursive: true);
}

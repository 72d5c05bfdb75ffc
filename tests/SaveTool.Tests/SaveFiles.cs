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

    /// <summary>
    /// A MessagePack save of <paramref name="content"/> (its player named Ace) whose player holds one more member, one its
    /// model lacks, as a newer game writes it: <paramref name="member"/>, a key and its value, after Name.
    /// </summary>
    public static byte[] WithAPlayerMemberTheModelLacks(GameContent content, ReadOnlySpan<byte> member, string modelId)
    {
        content.Player.Name = "Ace";
        byte[] raw = SaveSerializer.ReadPayload(SaveSerializer.Save(content)).Payload.ToArray();
        byte[] name = [0xA4, .. "Name"u8, 0xA3, .. "Ace"u8];
        int at = raw.AsSpan().IndexOf(name);
        raw[raw.AsSpan(0, at).LastIndexOf((byte)0x85)] = 0x86; // Player's five members become six
        byte[] payload = [.. raw.AsSpan(0, at + name.Length), .. member, .. raw.AsSpan(at + name.Length)];
        var file = new System.Buffers.ArrayBufferWriter<byte>();
        SaveContainer.Write(file, SaveFormat.MessagePack, SaveCompression.None, 1, new SaveMetadata { ModelId = modelId }, payload, payload.Length);
        return file.WrittenSpan.ToArray();
    }

    public void Dispose() => Directory.Delete(Folder, recursive: true);
}

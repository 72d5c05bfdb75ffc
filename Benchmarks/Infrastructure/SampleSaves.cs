using System.Collections.Concurrent;
using Engine.Core.Generation;
using Engine.Core.Model;
using Engine.Serialization;
using Engine.Serialization.Compression;
using Engine.Serialization.Formats;

namespace Benchmarks.Infrastructure;

/// <summary>Generated content and its saves, made once per process and shared by the suites and their columns.</summary>
internal static class SampleSaves
{
    private static readonly ConcurrentDictionary<ContentSize, GameContent> Contents = new();
    private static readonly ConcurrentDictionary<(SaveFormat, SaveCompression, ContentSize), byte[]> Saves = new();

    /// <summary>The folder of the cold-start suites' input files, written by the host process before any benchmark process starts.</summary>
    public static string ColdFolder { get; } = Path.Combine(Path.GetTempPath(), "engine-benchmarks", "cold-saves");

    public static GameContent Content(ContentSize size) => Contents.GetOrAdd(size, s => ContentGenerator.Create(s));

    public static SaveOptions Options(SaveFormat format, SaveCompression compression) =>
        SaveOptions.Default with { Format = format, Compression = compression };

    /// <summary>A whole save file (container included) of generated content.</summary>
    public static byte[] Save(SaveFormat format, SaveCompression compression, ContentSize size) =>
        Saves.GetOrAdd((format, compression, size), key => SaveSerializer.Save(Content(key.Item3), options: Options(key.Item1, key.Item2)));

    public static string ColdSavePath(SaveFormat format, SaveCompression compression) =>
        Path.Combine(ColdFolder, $"medium-{format}-{compression}.sav".ToLowerInvariant());

    public static string ColdMessagePackPayloadPath => Path.Combine(ColdFolder, "medium.msgpack");

    /// <summary>
    /// Writes the Medium saves the cold-start suites load. Their benchmark processes only read
    /// files, so nothing warms up the code they measure before the first call.
    /// </summary>
    public static void WriteColdFiles()
    {
        Directory.CreateDirectory(ColdFolder);
        foreach (var format in Enum.GetValues<SaveFormat>())
        {
            foreach (var compression in Enum.GetValues<SaveCompression>())
            {
                File.WriteAllBytes(ColdSavePath(format, compression), Save(format, compression, ContentSize.Medium));
            }
        }

        var payload = new System.Buffers.ArrayBufferWriter<byte>();
        SaveFormats.Get<GameContent>(SaveFormat.MessagePack).Write(payload, Content(ContentSize.Medium));
        File.WriteAllBytes(ColdMessagePackPayloadPath, payload.WrittenSpan.ToArray());
    }
}

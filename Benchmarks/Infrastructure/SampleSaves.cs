using System.Buffers;
using System.Collections.Concurrent;
using Benchmarks.Baselines;
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

    /// <summary>The format's bare payload of <paramref name="content"/>: no container, no compression.</summary>
    public static byte[] Payload(GameContent content, SaveFormat format)
    {
        var output = new ArrayBufferWriter<byte>();
        SaveFormats.Get<GameContent>(format).Write(output, content);
        return output.WrittenSpan.ToArray();
    }

    /// <summary>A whole save file (container included) of generated content.</summary>
    public static byte[] Save(SaveFormat format, SaveCompression compression, ContentSize size) =>
        Saves.GetOrAdd((format, compression, size), key => SaveSerializer.Save(Content(key.Item3), options: Options(key.Item1, key.Item2)));

    public static string ColdSavePath(SaveFormat format, SaveCompression compression) =>
        Path.Combine(ColdFolder, $"medium-{format}-{compression}.sav".ToLowerInvariant());

    /// <summary>The format's bare payload of the Medium game (no container, no compression): what the seed's baselines and the dynamic resolver read.</summary>
    public static string ColdPayloadPath(SaveFormat format) => Path.Combine(ColdFolder, $"medium.{format}".ToLowerInvariant());

    /// <summary>
    /// Writes the Medium saves and bare payloads the cold-start suites load, and checks that the seed's baselines
    /// read the whole game from theirs. The benchmark processes only read files, so nothing warms up the code
    /// they measure before the first call.
    /// </summary>
    public static void WriteColdFiles()
    {
        Directory.CreateDirectory(ColdFolder);
        var content = Content(ContentSize.Medium);
        foreach (var format in Enum.GetValues<SaveFormat>())
        {
            foreach (var compression in Enum.GetValues<SaveCompression>())
            {
                File.WriteAllBytes(ColdSavePath(format, compression), Save(format, compression, ContentSize.Medium));
            }

            File.WriteAllBytes(ColdPayloadPath(format), Payload(content, format));
        }

        SeedBaselines.Check(content, ColdPayloadPath(SaveFormat.Xml), ColdPayloadPath(SaveFormat.Protobuf));
    }
}

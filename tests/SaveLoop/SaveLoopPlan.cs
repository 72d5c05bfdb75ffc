using Engine.Core.Generation;
using Engine.Core.Model;
using Engine.Serialization;
using Engine.Serialization.Compression;
using Engine.Serialization.Container;
using Engine.Serialization.Formats;

namespace SaveLoop;

/// <summary>What the loop's n-th save holds and how it is written, so a test can tell exactly which save it loaded.</summary>
public static class SaveLoopPlan
{
    public const string Slot = "crash";

    // Encodings compared for equality need the same metadata on both sides: a fixed time, or each save stamps its own.
    private static readonly SaveMetadata Fixed = new() { Title = "comparison", SavedAtUtc = DateTime.UnixEpoch };

    /// <summary>Generated content numbered in <see cref="PlayerState.Moves"/>; every fifth one is Medium, for longer writes.</summary>
    public static GameContent Content(int number)
    {
        var content = ContentGenerator.Create(number % 5 == 0 ? ContentSize.Medium : ContentSize.Small, (ulong)number);
        content.Player.Moves = number;
        return content;
    }

    /// <summary>Cycles through every format and compression.</summary>
    public static SaveOptions Options(int number)
    {
        var formats = Enum.GetValues<SaveFormat>();
        var compressions = Enum.GetValues<SaveCompression>();
        return new SaveOptions
        {
            Format = formats[number % formats.Length],
            Compression = compressions[number / formats.Length % compressions.Length],
        };
    }

    /// <summary>
    /// Whether the content is exactly the plan's save of its number, by their MessagePack encodings: enough to catch a
    /// load mixing two saves (the reflection oracle is not available natively; the self-tests hold the codecs).
    /// </summary>
    public static bool IsWholeSave(GameContent content) =>
        Encode(content).AsSpan().SequenceEqual(Encode(Content(content.Player.Moves)));

    private static byte[] Encode(GameContent content) => SaveSerializer.Save(content, Fixed, new SaveOptions { Format = SaveFormat.MessagePack });
}

using Engine.Core.Generation;
using Engine.Core.Model;
using Engine.Serialization;
using Engine.Serialization.Compression;
using Engine.Serialization.Formats;

namespace SaveLoop;

/// <summary>What the loop's n-th save holds and how it is written, so a test can tell exactly which save it loaded.</summary>
public static class SaveLoopPlan
{
    public const string Slot = "crash";

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
}

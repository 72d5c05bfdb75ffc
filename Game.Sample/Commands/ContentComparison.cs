using Engine.Core.Model;
using Engine.Serialization;
using Engine.Serialization.Container;
using Engine.Serialization.Formats;

namespace Game.Sample.Commands;

/// <summary>
/// Whole-graph equality without reflection (the native program has none to spare): two games are
/// equal when their MessagePack encodings are. The generated formatters write every public member,
/// floats by their bits, in a fixed order, so equal bytes mean equal graphs.
/// </summary>
internal static class ContentComparison
{
    public static bool AreEqual(GameContent expected, GameContent actual) =>
        Encode(expected).Span.SequenceEqual(Encode(actual).Span);

    private static ReadOnlyMemory<byte> Encode(GameContent content) =>
        SaveSerializer.ReadPayload<GameContent>(SaveSerializer.Save(content, Fixed, new SaveOptions { Format = SaveFormat.MessagePack })).Payload;

    private static readonly SaveMetadata Fixed = new() { Title = "comparison" };
}

using System.Buffers;
using Engine.Core.Model;
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
        Encode(expected).WrittenSpan.SequenceEqual(Encode(actual).WrittenSpan);

    private static ArrayBufferWriter<byte> Encode(GameContent content)
    {
        var buffer = new ArrayBufferWriter<byte>();
        SaveFormats.Get<GameContent>(SaveFormat.MessagePack).Write(buffer, content);
        return buffer;
    }
}

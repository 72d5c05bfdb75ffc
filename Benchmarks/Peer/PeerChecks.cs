using System.Buffers;
using Engine.Core.Model;
using Engine.Serialization.Formats;
using Engine.Testing;

namespace Benchmarks.Peer;

/// <summary>
/// What makes a peer's figures comparable, checked wherever a peer is measured (the Peer suite's
/// setup, which CI's dry run executes, and the cold-start harness before it launches anything):
/// Nerdbank.MessagePack writes exactly the engine's bytes, and each peer's round trip carries the
/// whole game.
/// </summary>
internal static class PeerChecks
{
    /// <summary>The engine's bare MessagePack payload of <paramref name="content"/> (no container, no compression).</summary>
    public static byte[] MessagePack(GameContent content)
    {
        var output = new ArrayBufferWriter<byte>();
        SaveFormats.Get<GameContent>(SaveFormat.MessagePack).Write(output, content);
        return output.WrittenSpan.ToArray();
    }

    /// <summary>Nerdbank's payload of <paramref name="content"/>, after checking it is the engine's, byte for byte, and reads back whole.</summary>
    public static byte[] Nerdbank(GameContent content)
    {
        byte[] ours = MessagePack(content);
        var output = new ArrayBufferWriter<byte>(ours.Length);
        NerdbankPeer.Write(output, content);
        byte[] theirs = output.WrittenSpan.ToArray();
        if (!theirs.AsSpan().SequenceEqual(ours))
        {
            int at = theirs.AsSpan().CommonPrefixLength(ours);
            throw new InvalidOperationException(
                $"Nerdbank.MessagePack's bytes differ from the engine's at offset {at:N0} ({theirs.Length:N0} bytes against {ours.Length:N0}).");
        }

        ThrowIfLost(content, NerdbankPeer.Read(theirs), "Nerdbank.MessagePack");
        return theirs;
    }

    /// <summary>System.Text.Json's UTF-8 payload of <paramref name="content"/>, after checking it reads back whole.</summary>
    public static byte[] Json(GameContent content)
    {
        byte[] json = JsonPeer.Write(content);
        ThrowIfLost(content, JsonPeer.Read(json), "System.Text.Json");
        return json;
    }

    private static void ThrowIfLost(GameContent content, GameContent back, string peer)
    {
        if (new GraphComparer().FindDifference(content, back) is { } difference)
        {
            throw new InvalidOperationException($"{peer}'s round trip does not carry the whole game: {difference}");
        }
    }
}

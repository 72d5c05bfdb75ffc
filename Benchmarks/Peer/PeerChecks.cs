using System.Buffers;
using Benchmarks.Infrastructure;
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
    /// <summary>Nerdbank's payload of <paramref name="content"/>, after checking it is the engine's, byte for byte, and reads back whole.</summary>
    public static byte[] Nerdbank(GameContent content)
    {
        byte[] ours = SampleSaves.Payload(content, SaveFormat.MessagePack);
        var output = new ArrayBufferWriter<byte>(ours.Length);
        NerdbankPeer.Write(output, content);
        byte[] theirs = output.WrittenSpan.ToArray();
        if (!theirs.AsSpan().SequenceEqual(ours))
        {
            int at = theirs.AsSpan().CommonPrefixLength(ours);
            throw new InvalidOperationException(
                $"Nerdbank.MessagePack's bytes differ from the engine's at offset {at:N0} ({theirs.Length:N0} bytes against {ours.Length:N0}).");
        }

        ThrowIfLost(content, NerdbankPeer.Read(theirs), "Nerdbank.MessagePack's round trip");
        return theirs;
    }

    /// <summary>System.Text.Json's UTF-8 payload of <paramref name="content"/>, after checking it reads back whole.</summary>
    public static byte[] Json(GameContent content)
    {
        byte[] json = JsonPeer.Write(content);
        ThrowIfLost(content, JsonPeer.Read(json), "System.Text.Json's round trip");
        return json;
    }

    /// <summary>Throws, naming <paramref name="reader"/>, unless <paramref name="back"/> is the whole of <paramref name="content"/>.</summary>
    public static void ThrowIfLost(GameContent content, GameContent back, string reader)
    {
        if (new GraphComparer().FindDifference(content, back) is { } difference)
        {
            throw new InvalidOperationException($"{reader} does not carry the whole game: {difference}");
        }
    }
}

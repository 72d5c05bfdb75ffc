using System.Buffers;
using Engine.Core.Model;
using Nerdbank.MessagePack;
using PolyType;

namespace Benchmarks.Peer;

/// <summary>
/// The witness that has PolyType's generator write <see cref="GameContent"/>'s shape at build time,
/// so Nerdbank.MessagePack needs no reflection (and runs under NativeAOT).
/// </summary>
[GenerateShapeFor<GameContent>]
internal sealed partial class NerdbankWitness;

/// <summary>
/// Nerdbank.MessagePack configured to write the engine's own MessagePack payload byte for byte:
/// maps keyed by property name in declared order (its default) and every member written, defaults
/// included, as the engine writes them (Always is 1.4's default too; it is set so that a change of
/// default can't quietly change the bytes). PeerChecks proves the bytes equal.
/// Benchmarks only: Nerdbank never enters the engine.
/// </summary>
internal static class NerdbankPeer
{
    public static MessagePackSerializer Serializer { get; } = new() { SerializeDefaultValues = SerializeDefaultValuesPolicy.Always };

    public static void Write(IBufferWriter<byte> output, GameContent content) => Serializer.Serialize<GameContent, NerdbankWitness>(output, content);

    public static GameContent Read(ReadOnlyMemory<byte> payload) =>
        Serializer.Deserialize<GameContent, NerdbankWitness>(payload) ?? throw new InvalidDataException("Nerdbank.MessagePack read a nil GameContent.");
}

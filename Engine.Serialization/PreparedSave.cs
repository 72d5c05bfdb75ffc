using System.Buffers;
using Engine.Core.Model;
using Engine.Serialization.Container;
using Engine.Serialization.IO;

namespace Engine.Serialization;

/// <summary>
/// A game snapshotted for saving: a deep copy of it (the cheapest snapshot, measured by the Snapshot
/// benchmark), so the game can keep changing while <see cref="WriteTo"/> encodes, compresses and
/// frames it on another thread.
/// </summary>
public sealed class PreparedSave
{
    private readonly GameContent _snapshot;

    private PreparedSave(GameContent snapshot, SaveMetadata metadata, SaveOptions options)
    {
        _snapshot = snapshot;
        Metadata = metadata;
        Options = options;
    }

    public SaveMetadata Metadata { get; }

    public SaveOptions Options { get; }

    /// <summary>Snapshots <paramref name="content"/> now, on the calling thread.</summary>
    public static PreparedSave Prepare(GameContent content, SaveMetadata? metadata = null, SaveOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(content);
        return new PreparedSave(GameContentCopy.Of(content), metadata ?? SaveMetadata.For(content), options ?? SaveOptions.Default);
    }

    /// <summary>Encodes, compresses and writes the whole save file; safe to call from any thread, more than once.</summary>
    public void WriteTo(IBufferWriter<byte> output) => SaveWriter.Write(output, _snapshot, Metadata, Options);

    /// <summary>The whole save file as bytes.</summary>
    public byte[] ToArray()
    {
        using var file = Encode();
        return file.WrittenSpan.ToArray();
    }

    internal PooledBufferWriter Encode() => SaveWriter.Encode(_snapshot, Metadata, Options);
}

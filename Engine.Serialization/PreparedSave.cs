using System.Buffers;
using Engine.Serialization.Container;
using Engine.Serialization.IO;
using Engine.Serialization.Internal;
using Engine.Serialization.Models;

namespace Engine.Serialization;

/// <summary>
/// A game snapshotted for saving: a deep copy of it (generated from the model; cheaper on the game's thread than
/// encoding, as the Snapshot benchmark measures), so the game can keep changing while <see cref="WriteTo"/> encodes,
/// compresses and frames it on another thread.
/// </summary>
public sealed class PreparedSave<T>
{
    private readonly T _snapshot;

    private PreparedSave(T snapshot, SaveMetadata metadata, SaveOptions options)
    {
        _snapshot = snapshot;
        Metadata = metadata;
        Options = options;
    }

    public SaveMetadata Metadata { get; }

    public SaveOptions Options { get; }

    /// <summary>Snapshots <paramref name="content"/> now, on the calling thread.</summary>
    public static PreparedSave<T> Prepare(T content, SaveMetadata? metadata = null, SaveOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(content);
        try
        {
            var snapshot = SaveModels.Get<T>().Copy(content);
            return new PreparedSave<T>(snapshot, SaveMetadata.For(content, metadata), options ?? SaveOptions.Default);
        }
        catch (Exception e) when (CodecSupport.NestingRefusalIn(e) is { } refusal)
        {
            throw CodecSupport.CycleRefusal(SaveModels.Get<T>(), content, e) ?? refusal;
        }
        catch (Exception e) when (CodecSupport.IsGameCodeFailure(e))
        {
            throw CodecSupport.GameCodeFailed(e);
        }
    }

    /// <summary>Encodes, compresses and writes the whole save file; safe to call from any thread, more than once.</summary>
    public void WriteTo(IBufferWriter<byte> output)
    {
        using var snapshot = CodecSupport.EnterSnapshot();
        SaveWriter.Write(output, _snapshot, Metadata, Options);
    }

    /// <summary>The whole save file as bytes.</summary>
    public byte[] ToArray()
    {
        using var file = Encode();
        return file.WrittenSpan.ToArray();
    }

    internal PooledBufferWriter Encode() => Encode(Metadata);

    /// <summary>The whole save file, with <paramref name="metadata"/> in place of <see cref="Metadata"/>.</summary>
    internal PooledBufferWriter Encode(SaveMetadata metadata)
    {
        using var snapshot = CodecSupport.EnterSnapshot();
        return SaveWriter.Encode(_snapshot, metadata, Options);
    }
}

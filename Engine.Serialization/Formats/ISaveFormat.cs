using System.Buffers;

namespace Engine.Serialization.Formats;

/// <summary>
/// One format's encoding of one model, <typeparamref name="T"/>, as a save's bare, standard payload. A format knows
/// nothing of files, compression or the container around it.
/// </summary>
internal interface ISaveFormat<T>
{
    SaveFormat Id { get; }

    /// <exception cref="Errors.SaveEncodingException">The game can't be written in this format (a null the model does not allow, text the format can't carry).</exception>
    void Write(IBufferWriter<byte> output, T content);

    /// <exception cref="Errors.SaveCorruptedException">The payload is not a valid document of this format and model.</exception>
    T Read(ReadOnlyMemory<byte> payload);
}

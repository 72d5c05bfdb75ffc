using System.Buffers;
using Engine.Serialization.Migrations;

namespace Engine.Serialization.Formats;

/// <summary>
/// One encoding of a save's payload as a bare, standard document. A format knows nothing of files,
/// compression or the container around it.
/// </summary>
public interface ISaveFormat
{
    SaveFormat Id { get; }

    /// <summary>
    /// The payload as an editable document, for migrating an older save; null when the format's
    /// members have no names to migrate by.
    /// </summary>
    /// <exception cref="Errors.SaveCorruptedException">The payload is not a valid document of this format.</exception>
    SaveDocument? OpenDocument(ReadOnlyMemory<byte> payload);
}

/// <summary>A format's encoding of one model, <typeparamref name="T"/>.</summary>
public interface ISaveFormat<T> : ISaveFormat
{
    /// <exception cref="Errors.SaveEncodingException">The game can't be written in this format (a null the model does not allow, text the format can't carry).</exception>
    void Write(IBufferWriter<byte> output, T content);

    /// <exception cref="Errors.SaveCorruptedException">The payload is not a valid document of this format and model.</exception>
    T Read(ReadOnlyMemory<byte> payload);
}

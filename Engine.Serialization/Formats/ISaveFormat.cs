using System.Buffers;
using Engine.Core.Model;
using Engine.Serialization.Migrations;

namespace Engine.Serialization.Formats;

/// <summary>
/// One encoding of <see cref="GameContent"/> as a bare, standard document. A format knows nothing
/// of files, compression or the container around it.
/// </summary>
public interface ISaveFormat
{
    SaveFormat Id { get; }

    void Write(IBufferWriter<byte> output, GameContent content);

    /// <summary>
    /// The payload as an editable document, for migrating an older save; null when the format's
    /// members have no names to migrate by.
    /// </summary>
    /// <exception cref="Errors.SaveCorruptedException">The payload is not a valid document of this format.</exception>
    SaveDocument? OpenDocument(ReadOnlyMemory<byte> payload);

    /// <exception cref="Errors.SaveCorruptedException">The payload is not a valid document of this format.</exception>
    GameContent Read(ReadOnlyMemory<byte> payload);
}

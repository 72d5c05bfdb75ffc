using Engine.Serialization.Formats;
using Engine.Serialization.Migrations;

namespace Engine.Serialization.Documents;

/// <summary>
/// Opens a payload as the editable document migration steps work on, by its format: MessagePack and XML name their
/// members; protobuf numbers them, so it has no document (and its older saves can't be migrated).
/// </summary>
internal static class SaveDocuments
{
    public static SaveDocument? Open(SaveFormat format, ReadOnlyMemory<byte> payload) => format switch
    {
        SaveFormat.MessagePack => new MessagePackDocument(payload),
        SaveFormat.Xml when OptionalFormats.Xml => new XmlSaveDocument(payload),
        SaveFormat.Xml => throw OptionalFormats.Unavailable(format),
        _ => null,
    };
}

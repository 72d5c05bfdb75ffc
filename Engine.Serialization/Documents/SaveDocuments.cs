using Engine.Serialization.Formats;
using Engine.Serialization.Inspection;
using Engine.Serialization.Migrations;

namespace Engine.Serialization.Documents;

/// <summary>Opens a payload as the editable document migration steps work on, by its format.</summary>
internal static class SaveDocuments
{
    /// <summary>
    /// MessagePack and XML name their members; protobuf numbers them, so its document needs the save's model, whose
    /// record of the save's schema (<paramref name="schemaVersion"/>) names each field: without a model, it is null.
    /// </summary>
    public static SaveDocument? Open(SaveFormat format, ReadOnlyMemory<byte> payload, RegisteredModel? model = null, int schemaVersion = 0) => format switch
    {
        SaveFormat.MessagePack => new MessagePackDocument(payload),
        SaveFormat.Xml when OptionalFormats.Xml => new XmlSaveDocument(payload),
        SaveFormat.Xml => throw OptionalFormats.Unavailable(format),
        SaveFormat.Protobuf when model is null => null,
        SaveFormat.Protobuf when OptionalFormats.Protobuf => ProtobufDocument.Open(payload, model, schemaVersion),
        SaveFormat.Protobuf => throw OptionalFormats.Unavailable(format),
        _ => null,
    };
}

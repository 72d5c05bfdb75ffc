using Engine.Serialization.Errors;
using Engine.Serialization.Internal;
using Engine.Serialization.Models;

namespace Engine.Serialization.Formats;

/// <summary>The one place where a format id becomes a model's encoding: adding a format adds one line here.</summary>
internal static class SaveFormats
{
    public static ISaveFormat<T> Get<T>(SaveFormat id) => Get(id, SaveModels.Get<T>());

    public static ISaveFormat<T> Get<T>(SaveFormat id, SaveModelCodec<T> codec) => id switch
    {
        SaveFormat.MessagePack => codec.MessagePackFormat,
        SaveFormat.Xml when OptionalFormats.Xml => codec.XmlFormat,
        SaveFormat.Protobuf when OptionalFormats.Protobuf => codec.ProtobufFormat,
        SaveFormat.Xml or SaveFormat.Protobuf => throw OptionalFormats.Unavailable(id),
        _ => throw new SaveFormatUnavailableException($"The {id} format is not available in this build of the game."),
    };
}

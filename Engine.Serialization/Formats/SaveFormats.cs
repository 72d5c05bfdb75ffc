using Engine.Serialization.Errors;
using Engine.Serialization.Formats.MessagePack;
using Engine.Serialization.Formats.Protobuf;
using Engine.Serialization.Formats.Xml;
using Engine.Serialization.Models;

namespace Engine.Serialization.Formats;

/// <summary>The one place where formats are registered: adding a format adds one line here.</summary>
public static class SaveFormats
{
    private static readonly ISaveFormat[] All = [MessagePackSaveFormat.Instance, XmlSaveFormat.Instance, ProtobufSaveFormat.Instance];

    public static IReadOnlyList<ISaveFormat> Registered => All;

    public static ISaveFormat Get(SaveFormat id)
    {
        foreach (var format in All)
        {
            if (format.Id == id)
            {
                return format;
            }
        }

        throw new SaveFormatUnavailableException($"The {id} format is not available in this build of the game.");
    }

    /// <summary>The format's encoding of the model <typeparamref name="T"/>: MessagePack for every model; XML and protobuf for GameContent only.</summary>
    public static ISaveFormat<T> Get<T>(SaveFormat id) => Get(id, SaveModels.Get<T>());

    internal static ISaveFormat<T> Get<T>(SaveFormat id, SaveModelCodec<T> codec) => id == SaveFormat.MessagePack
        ? codec.MessagePackFormat
        : Get(id) as ISaveFormat<T> ?? throw new SaveFormatUnavailableException(
            $"The {id} format can't save the '{codec.ModelId}' model in this build: only MessagePack saves every model.");
}

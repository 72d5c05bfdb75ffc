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

    /// <summary>The format's encoding of the model <typeparamref name="T"/>, by its generated codec.</summary>
    public static ISaveFormat<T> Get<T>(SaveFormat id) => Get(id, SaveModels.Get<T>());

    internal static ISaveFormat<T> Get<T>(SaveFormat id, SaveModelCodec<T> codec) => id switch
    {
        SaveFormat.MessagePack => codec.MessagePackFormat,
        SaveFormat.Xml => codec.XmlFormat,
        SaveFormat.Protobuf => codec.ProtobufFormat,
        _ => throw new SaveFormatUnavailableException($"The {id} format is not available in this build of the game."),
    };
}

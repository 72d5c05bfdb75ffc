using Engine.Serialization.Errors;
using Engine.Serialization.Models;

namespace Engine.Serialization.Formats;

/// <summary>
/// A null where the model has none, refused alike at save and at load: MessagePack's nil and XML's xsi:nil decode to
/// null for any string, list, element or object, and the game would meet it later as a NullReferenceException far
/// from the load; so a save holding one is refused before it is written, and could never be loaded. The path comes
/// from the model's generated walk (<see cref="SaveModelCodec{T}.FindMissing"/>), which looks only at members the
/// model declares non-nullable.
/// </summary>
internal static class MissingValues
{
    /// <summary>Refuses a loaded game holding a null the model does not allow.</summary>
    public static void ThrowIfAny<T>(SaveModelCodec<T> codec, T content)
    {
        if (codec.FindMissing(content) is { } path)
        {
            throw Corrupted(path);
        }
    }

    /// <summary>The save-time refusal for a null a generated writer met.</summary>
    public static SaveEncodingException AtSave<T>(SaveModelCodec<T> codec, T content, MissingValueException e) =>
        Encoding(codec.FindMissing(content) ?? $"{e.TypeName}.{e.MemberName}", e);

    /// <summary>The load-time refusal for a nil a generated reader met.</summary>
    public static SaveCorruptedException AtLoad<T>(SaveModelCodec<T> codec, T content) =>
        Corrupted(codec.FindMissing(content) ?? "a member");

    private static SaveCorruptedException Corrupted(string path) => new($"The payload holds nil where the game needs a value: {path}.");

    private static SaveEncodingException Encoding(string path, Exception? inner) =>
        new($"The game holds null at {path}, which the model does not allow, so the save could never be loaded: nothing was written. "
            + "Give it a value (or declare the member nullable) and save again.", innerException: inner);
}

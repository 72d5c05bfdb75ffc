using Engine.Serialization.Errors;
using Engine.Serialization.Internal;

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

    /// <summary>
    /// The save-time refusal for a null a generated writer met; when the game holds none now, another thread changed it
    /// meanwhile. A collection's item may be null only for a moment, as a list that another thread adds to shows its new count before
    /// its new item: that refusal names the rule too.
    /// </summary>
    public static SaveEncodingException AtSave<T>(SaveModelCodec<T> codec, T content, MissingValueException e) =>
        codec.FindMissing(content) is { } path
            ? new(NullMessage(path) + (path.EndsWith(']') ? $" If another thread adds to it, that is the cause: {CodecSupport.ThreadRule}" : ""), innerException: e)
            : new($"The game changed while it was saved: a {e.TypeName}'s {e.MemberName} was null when it was written and is not now: "
                + $"nothing was written. {CodecSupport.ThreadRule}", innerException: e);

    /// <summary>The load-time refusal for a nil a generated reader met.</summary>
    public static SaveCorruptedException AtLoad<T>(SaveModelCodec<T> codec, T content) =>
        Corrupted(codec.FindMissing(content) ?? "a member");

    private static SaveCorruptedException Corrupted(string path) => new($"The payload holds nil where the game needs a value: {path}.");

    private static string NullMessage(string path) =>
        $"The game holds null at {path}, which the model does not allow, so the save could never be loaded: nothing was written. "
        + "Give it a value (or declare the member nullable) and save again.";
}

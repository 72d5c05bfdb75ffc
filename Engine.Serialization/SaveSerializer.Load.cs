using Engine.Serialization.Container;
using Engine.Serialization.Models;

namespace Engine.Serialization;

public static partial class SaveSerializer
{
    /// <summary>
    /// Loads a save of the model <typeparamref name="T"/>; its format and compression come from its header. A save from
    /// an older schema is migrated first; one from a newer schema, of another model or of another game
    /// (<see cref="LoadOptions.GameId"/>) is refused.
    /// </summary>
    public static T Load<T>(ReadOnlyMemory<byte> data, LoadOptions? options = null) => SaveReader.Read<T>(data, options);

    /// <summary>
    /// A save of <typeparamref name="T"/>'s bare payload, checked, decompressed and migrated to the model's current
    /// schema: the standard document of its format, for tools that read it without decoding the model.
    /// </summary>
    public static (SaveInfo Info, ReadOnlyMemory<byte> Payload) ReadPayload<T>(ReadOnlyMemory<byte> data, LoadOptions? options = null) =>
        SaveReader.ReadPayload(data, options ?? LoadOptions.Default, SaveModels.Get<T>());

    /// <summary>
    /// Any save's bare payload, checked and decompressed: the standard document of its format, for tools that know no
    /// model. Migrated only when <see cref="LoadOptions.Migrations"/> says how; an older protobuf save, whose fields only
    /// its model's record of their numbers names, is then refused (<see cref="ReadPayload{T}"/> migrates it).
    /// </summary>
    public static (SaveInfo Info, ReadOnlyMemory<byte> Payload) ReadPayload(ReadOnlyMemory<byte> data, LoadOptions? options = null) =>
        SaveReader.ReadPayload(data, options ?? LoadOptions.Default, options?.Migrations);

    public static T Load<T>(Stream stream, LoadOptions? options = null) => SaveReader.Read<T>(stream, options);

    public static Task<T> LoadAsync<T>(Stream stream, LoadOptions? options = null, CancellationToken cancellationToken = default) =>
        SaveReader.ReadAsync<T>(stream, options, cancellationToken);

    public static T LoadFromFile<T>(string path, LoadOptions? options = null) => SaveReader.ReadFile<T>(path, options);

    public static Task<T> LoadFromFileAsync<T>(string path, LoadOptions? options = null, CancellationToken cancellationToken = default) =>
        SaveReader.ReadFileAsync<T>(path, options, cancellationToken);

    /// <summary>
    /// Reads a save file's header and its whole metadata, thumbnail included, without decoding the game (a slot list,
    /// <see cref="Slots.SaveSlotStore{T}.List"/>, leaves the thumbnails out).
    /// </summary>
    public static SaveInfo ReadInfo(string path, LoadOptions? options = null) => SaveReader.ReadInfo(path, options);
}

using Engine.Serialization.Container;
using Engine.Serialization.Errors;
using Engine.Serialization.IO;
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
    /// model. Migrated only when <see cref="LoadOptions.Migrations"/> says how.
    /// </summary>
    public static (SaveInfo Info, ReadOnlyMemory<byte> Payload) ReadPayload(ReadOnlyMemory<byte> data, LoadOptions? options = null) =>
        SaveReader.ReadPayload(data, options ?? LoadOptions.Default, options?.Migrations);

    public static T Load<T>(Stream stream, LoadOptions? options = null) =>
        Load<T>(StreamReading.ReadAll(stream, options ?? LoadOptions.Default), options);

    public static async Task<T> LoadAsync<T>(Stream stream, LoadOptions? options = null, CancellationToken cancellationToken = default) =>
        Load<T>(await StreamReading.ReadAllAsync(stream, options ?? LoadOptions.Default, cancellationToken).ConfigureAwait(false), options);

    public static T LoadFromFile<T>(string path, LoadOptions? options = null) =>
        ReadFile(path, file => Load<T>(file, options));

    public static async Task<T> LoadFromFileAsync<T>(string path, LoadOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        try
        {
            await using var file = OpenRead(path);
            return await LoadAsync<T>(file, options, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (NameFile(e, path) is { } named)
        {
            if (named == e)
            {
                throw;
            }

            throw named;
        }
    }

    /// <summary>Reads a save file's header and metadata only: what a slot list needs, without decoding the game.</summary>
    public static SaveInfo ReadInfo(string path, LoadOptions? options = null) =>
        ReadFile(path, file => SaveContainer.ReadInfo(file, options ?? LoadOptions.Default));

    private static T ReadFile<T>(string path, Func<FileStream, T> read)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        try
        {
            using var file = OpenRead(path);
            return read(file);
        }
        catch (Exception e) when (NameFile(e, path) is { } named)
        {
            if (named == e)
            {
                throw;
            }

            throw named;
        }
    }

    private static FileStream OpenRead(string path) =>
        new(path, FileMode.Open, FileAccess.Read, FileShare.Read, bufferSize: 1, FileOptions.SequentialScan);

    /// <summary>
    /// The exception that names the file: the same save exception with its path filled in, or a
    /// file-system failure as a <see cref="SaveIOException"/>; null lets anything else pass.
    /// </summary>
    private static Exception? NameFile(Exception e, string path)
    {
        switch (e)
        {
            case SaveException save:
                save.FilePath ??= path;
                return save;
            case IOException or UnauthorizedAccessException:
                return new SaveIOException($"The save could not be read ({e.Message}).", path, e);
            default:
                return null;
        }
    }
}

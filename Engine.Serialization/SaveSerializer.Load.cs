using Engine.Core.Model;
using Engine.Serialization.Compression;
using Engine.Serialization.Container;
using Engine.Serialization.Errors;
using Engine.Serialization.Formats;
using Engine.Serialization.IO;

namespace Engine.Serialization;

public static partial class SaveSerializer
{
    /// <summary>
    /// Loads a save; its format and compression come from its header. A save from an older schema
    /// is migrated first; one from a newer schema is refused.
    /// </summary>
    public static GameContent Load(ReadOnlyMemory<byte> data, LoadOptions? options = null)
    {
        var (info, payload) = ReadPayload(data, options);
        return SaveFormats.Get(info.Header.Format).Read(payload);
    }

    /// <summary>
    /// A save's bare payload, checked, decompressed and migrated to the current schema: the
    /// standard document of its format, for tools that read it without the engine's model.
    /// </summary>
    public static (SaveInfo Info, ReadOnlyMemory<byte> Payload) ReadPayload(ReadOnlyMemory<byte> data, LoadOptions? options = null)
    {
        options ??= LoadOptions.Default;
        var (info, stored) = SaveContainer.Open(data, options);
        var header = info.Header;
        var payload = PayloadCompression.Decompress(header.Compression, stored, checked((int)header.DecodedLength));
        return (info, options.Migrations.Upgrade(SaveFormats.Get(header.Format), header.SchemaVersion, payload));
    }

    public static GameContent Load(Stream stream, LoadOptions? options = null) =>
        Load(StreamReading.ReadAll(stream, options ?? LoadOptions.Default), options);

    public static async Task<GameContent> LoadAsync(Stream stream, LoadOptions? options = null, CancellationToken cancellationToken = default) =>
        Load(await StreamReading.ReadAllAsync(stream, options ?? LoadOptions.Default, cancellationToken).ConfigureAwait(false), options);

    public static GameContent LoadFromFile(string path, LoadOptions? options = null) =>
        ReadFile(path, file => Load(file, options));

    public static async Task<GameContent> LoadFromFileAsync(string path, LoadOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        try
        {
            await using var file = OpenRead(path);
            return await LoadAsync(file, options, cancellationToken).ConfigureAwait(false);
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

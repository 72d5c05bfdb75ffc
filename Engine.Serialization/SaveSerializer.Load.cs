using Engine.Core.Model;
using Engine.Serialization.Compression;
using Engine.Serialization.Container;
using Engine.Serialization.Errors;
using Engine.Serialization.Formats;
using Engine.Serialization.IO;

namespace Engine.Serialization;

public static partial class SaveSerializer
{
    /// <summary>Loads a save; its format and compression come from its header.</summary>
    public static GameContent Load(ReadOnlyMemory<byte> data, LoadOptions? options = null)
    {
        var (info, stored) = SaveContainer.Open(data, options ?? LoadOptions.Default);
        var header = info.Header;
        var payload = PayloadCompression.Decompress(header.Compression, stored, checked((int)header.DecodedLength));
        return SaveFormats.Get(header.Format).Read(payload);
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

using Engine.Serialization.Compression;
using Engine.Serialization.Container;
using Engine.Serialization.Documents;
using Engine.Serialization.Errors;
using Engine.Serialization.Formats;
using Engine.Serialization.IO;
using Engine.Serialization.Inspection;
using Engine.Serialization.Internal;
using Engine.Serialization.Migrations;
using Engine.Serialization.Models;
using Engine.Serialization.Text;

namespace Engine.Serialization;

/// <summary>
/// The one load path: file or stream -> container -> (the right model and game?) -> decompression -> migration ->
/// format -> model, within the load's memory budget (<see cref="LoadBudget"/>). Failures name the file they came from.
/// </summary>
internal static class SaveReader
{
    public static T Read<T>(ReadOnlyMemory<byte> data, LoadOptions? options)
    {
        options ??= LoadOptions.Default;
        var codec = SaveModels.Get<T>();
        using var budget = LoadBudget.ForLoad(options, data.Length);
        var (info, payload) = ReadPayload(data, options, codec);
        T content;
        try
        {
            content = SaveFormats.Get(info.Header.Format, codec).Read(payload);
        }
        catch (UnsupportedSaveVersionException e) when (e.InnerException is NewerValueException value
            && info.Header.SchemaVersion < (options.Migrations ?? codec.Migrations).CurrentVersion)
        {
            throw NewerValues.FromOlderSchema(value, info.Header.SchemaVersion, (options.Migrations ?? codec.Migrations).CurrentVersion);
        }

        if (codec.SchemaVersionOf(content) is { } own && own != codec.SchemaVersion)
        {
            throw new SaveCorruptedException(
                $"The payload says it holds schema {own}, the header schema {info.Header.SchemaVersion}"
                + (info.Header.SchemaVersion == codec.SchemaVersion ? "" : $" (brought up to {codec.SchemaVersion} by its migrations)")
                + ": the header's is the one that counts, and a save whose two parts disagree was edited or damaged.");
        }

        return content;
    }

    public static T Read<T>(Stream stream, LoadOptions? options) =>
        Read<T>(StreamReading.ReadAll(stream, options ?? LoadOptions.Default), options);

    public static async Task<T> ReadAsync<T>(Stream stream, LoadOptions? options, CancellationToken cancellationToken) =>
        Read<T>(await StreamReading.ReadAllAsync(stream, options ?? LoadOptions.Default, cancellationToken).ConfigureAwait(false), options);

    public static T ReadFile<T>(string path, LoadOptions? options) => WithFile(path, file => Read<T>(file, options));

    public static async Task<T> ReadFileAsync<T>(string path, LoadOptions? options, CancellationToken cancellationToken)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        try
        {
            await using var file = OpenRead(path);
            return await ReadAsync<T>(file, options, cancellationToken).ConfigureAwait(false);
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

    /// <summary>A save file's header and whole metadata, without decoding the game.</summary>
    public static SaveInfo ReadInfo(string path, LoadOptions? options) =>
        WithFile(path, file => SaveContainer.ReadInfo(file, options ?? LoadOptions.Default));

    /// <summary>
    /// A save file's thumbnail, its metadata block checked as a load checks it, read through <paramref name="open"/>;
    /// the payload is left unread.
    /// </summary>
    public static byte[] ReadThumbnail(string path, Func<string, Stream> open, LoadOptions options) =>
        WithFile(path, file => SaveContainer.ReadInfo(file, options).Metadata.Thumbnail, open);

    /// <summary>A file's bytes, within the limits and unchecked, for tools that check them their own way; failures name the file.</summary>
    public static ReadOnlyMemory<byte> ReadFileBytes(string path, LoadOptions? options) =>
        WithFile(path, file => StreamReading.ReadAll(file, options ?? LoadOptions.Default));

    /// <summary>The payload of a save of <typeparamref name="T"/>, checked, decompressed and migrated to the model's current schema.</summary>
    public static (SaveInfo Info, ReadOnlyMemory<byte> Payload) ReadPayload<T>(ReadOnlyMemory<byte> data, LoadOptions options, SaveModelCodec<T> codec)
    {
        using var budget = LoadBudget.ForLoad(options, data.Length);
        var (info, stored) = SaveContainer.Open(data, options);
        if (ForeignProblem(info, codec.ModelId, options) is { } problem)
        {
            throw new ForeignSaveException(problem);
        }

        return (info, Upgrade(info, stored, options.Migrations ?? codec.Migrations, options.CheckMigrationSteps, codec));
    }

    /// <summary>
    /// The payload of any save, checked and decompressed, and migrated when <paramref name="migrations"/> are given (not a
    /// protobuf save's: the fields of one are named by its model's record of their numbers, which this doesn't know).
    /// </summary>
    public static (SaveInfo Info, ReadOnlyMemory<byte> Payload) ReadPayload(ReadOnlyMemory<byte> data, LoadOptions options, SchemaMigrations? migrations)
    {
        using var budget = LoadBudget.ForLoad(options, data.Length);
        var (info, stored) = SaveContainer.Open(data, options);
        if (migrations is null)
        {
            return (info, PayloadCompression.Decompress(info.Header.Compression, stored, checked((int)info.Header.DecodedLength)));
        }

        return (info, Upgrade(info, stored, migrations, options.CheckMigrationSteps, model: null));
    }

    /// <summary>Why a load of <paramref name="modelId"/> with these options refuses the save, or null when it takes it.</summary>
    public static string? ForeignProblem(SaveInfo info, string modelId, LoadOptions options)
    {
        var metadata = info.Metadata;
        if (metadata.ModelId != modelId)
        {
            return SaveText.Visible($"The save holds another model, '{metadata.ModelId}' (schema {info.Header.SchemaVersion}, game '{metadata.GameId}'), not the '{modelId}' this loads.");
        }

        return options.GameId is { } gameId && metadata.GameId != gameId
            ? SaveText.Visible($"The save belongs to another game, '{metadata.GameId}', not to '{gameId}'.")
            : null;
    }

    private static T WithFile<T>(string path, Func<Stream, T> read, Func<string, Stream>? open = null)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        try
        {
            using var file = (open ?? OpenRead)(path);
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

    private static FileStream OpenRead(string path) => SaveFileReading.Open(path, bufferSize: 1, FileOptions.SequentialScan);

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
                return FileSystemRefusal.Unreadable(path, e);
            default:
                return null;
        }
    }

    /// <summary>
    /// Brings the payload up to the schema of <paramref name="migrations"/>; <paramref name="model"/>, the save's model when
    /// this build has it, names a protobuf save's fields, if the migrations are its own schema's.
    /// </summary>
    private static ReadOnlyMemory<byte> Upgrade(SaveInfo info, ReadOnlyMemory<byte> stored, SchemaMigrations migrations, bool checkSteps, RegisteredModel? model)
    {
        var header = info.Header;
        var payload = PayloadCompression.Decompress(header.Compression, stored, checked((int)header.DecodedLength));
        var numbering = model?.SchemaVersion == migrations.CurrentVersion ? model : null;
        return migrations.Upgrade(header.SchemaVersion, payload, stored => SaveDocuments.Open(header.Format, stored, numbering, header.SchemaVersion), checkSteps);
    }
}

using Engine.Serialization.Compression;
using Engine.Serialization.Container;
using Engine.Serialization.Errors;
using Engine.Serialization.Formats;
using Engine.Serialization.Migrations;
using Engine.Serialization.Models;

namespace Engine.Serialization;

/// <summary>The one load path: container -> (the right model and game?) -> decompression -> migration -> format -> model.</summary>
internal static class SaveReader
{
    public static T Read<T>(ReadOnlyMemory<byte> data, LoadOptions? options)
    {
        var codec = SaveModels.Get<T>();
        var (info, payload) = ReadPayload(data, options ?? LoadOptions.Default, codec);
        return SaveFormats.Get(info.Header.Format, codec).Read(payload);
    }

    /// <summary>The payload of a save of <typeparamref name="T"/>, checked, decompressed and migrated to the model's current schema.</summary>
    public static (SaveInfo Info, ReadOnlyMemory<byte> Payload) ReadPayload<T>(ReadOnlyMemory<byte> data, LoadOptions options, SaveModelCodec<T> codec)
    {
        var (info, stored) = SaveContainer.Open(data, options);
        if (ForeignProblem(info, codec.ModelId, options) is { } problem)
        {
            throw new ForeignSaveException(problem);
        }

        return (info, Upgrade(info, stored, options.Migrations ?? codec.Migrations));
    }

    /// <summary>The payload of any save, checked and decompressed, and migrated when <paramref name="migrations"/> are given.</summary>
    public static (SaveInfo Info, ReadOnlyMemory<byte> Payload) ReadPayload(ReadOnlyMemory<byte> data, LoadOptions options, SchemaMigrations? migrations)
    {
        var (info, stored) = SaveContainer.Open(data, options);
        if (migrations is null)
        {
            return (info, PayloadCompression.Decompress(info.Header.Compression, stored, checked((int)info.Header.DecodedLength)));
        }

        return (info, Upgrade(info, stored, migrations));
    }

    /// <summary>Why a load of <paramref name="modelId"/> with these options refuses the save, or null when it takes it.</summary>
    public static string? ForeignProblem(SaveInfo info, string modelId, LoadOptions options)
    {
        var metadata = info.Metadata;
        if (metadata.ModelId != modelId)
        {
            return $"The save holds another model, '{metadata.ModelId}' (schema {info.Header.SchemaVersion}, game '{metadata.GameId}'), not the '{modelId}' this loads.";
        }

        return options.GameId is { } gameId && metadata.GameId != gameId
            ? $"The save belongs to another game, '{metadata.GameId}', not to '{gameId}'."
            : null;
    }

    private static ReadOnlyMemory<byte> Upgrade(SaveInfo info, ReadOnlyMemory<byte> stored, SchemaMigrations migrations)
    {
        var header = info.Header;
        var payload = PayloadCompression.Decompress(header.Compression, stored, checked((int)header.DecodedLength));
        return migrations.Upgrade(SaveFormats.Get(header.Format), header.SchemaVersion, payload);
    }
}

using System.Buffers;
using Engine.Serialization.Container;
using Engine.Serialization.Errors;
using Engine.Serialization.Formats;
using Engine.Serialization.Inspection;
using MessagePack;

namespace Engine.Serialization.Tools;

/// <summary>
/// A save file read whole and checked as a load checks it (container, checksums, decompression), with the codec of its
/// model when this program has one. Failures name the file.
/// </summary>
internal sealed class SaveFile
{
    private SaveFile(string path, ReadOnlyMemory<byte> bytes, SaveInfo info, ReadOnlyMemory<byte> payload, RegisteredModel? codec)
    {
        Path = path;
        Bytes = bytes;
        Info = info;
        Payload = payload;
        Codec = codec;
    }

    public string Path { get; }

    /// <summary>The whole file.</summary>
    public ReadOnlyMemory<byte> Bytes { get; }

    public SaveInfo Info { get; }

    /// <summary>The payload decompressed, as saved (not migrated).</summary>
    public ReadOnlyMemory<byte> Payload { get; }

    /// <summary>The codec of the save's model, or null when this program has no such model.</summary>
    public RegisteredModel? Codec { get; }

    public SaveHeader Header => Info.Header;

    public static SaveFile Open(string path)
    {
        var bytes = SaveFileTools.Read(path);
        return Named(path, () =>
        {
            var (info, payload) = SaveSerializer.ReadPayload(bytes);
            return new SaveFile(path, bytes, info, payload, FindCodec(info.Metadata.ModelId));
        });
    }

    /// <summary>The codec of <paramref name="modelId"/>, or null when this program has no such model.</summary>
    public static RegisteredModel? FindCodec(string modelId)
    {
        try
        {
            return RegisteredModel.Find(modelId);
        }
        catch (InvalidOperationException e)
        {
            throw new ToolException(e.Message);
        }
    }

    /// <summary>
    /// The codecs of the models named, or of every model this program knows when none is; a refusal for a model it
    /// doesn't know, or when it knows none <paramref name="toDo"/> ("to show").
    /// </summary>
    public static IEnumerable<RegisteredModel> Codecs(IReadOnlyList<string> modelIds, string toDo)
    {
        var ids = modelIds.Count > 0 ? modelIds : RegisteredModel.Ids;
        if (ids.Count == 0)
        {
            throw new ToolException($"This program knows no model {toDo}.");
        }

        return ids.Select(id => FindCodec(id) ?? throw new ToolException($"This program doesn't know the model '{Text.SaveText.Visible(id)}' (it knows {Known()})."));
    }

    /// <summary>Runs <paramref name="action"/>, naming this file in the save exception it throws.</summary>
    public T Named<T>(Func<T> action) => Named(Path, action);

    public static T Named<T>(string path, Func<T> action)
    {
        try
        {
            return action();
        }
        catch (SaveException e)
        {
            e.FilePath ??= path;
            throw;
        }
    }

    /// <summary>The model's codec, or a refusal saying that <paramref name="what"/> needs it and where to find it.</summary>
    public RegisteredModel RequireCodec(string what) => Codec ?? throw new ToolException(
        $"{Path}: {what} needs the save's model, '{Info.Metadata.ModelId}', which this program doesn't know "
        + $"(it knows {Known()}). A game runs these commands for its own models from its program with SaveTool.Run(args).");

    /// <summary>The game loaded through its model: checked, and migrated from an older schema, as the game loads it.</summary>
    public object Load(RegisteredModel codec) => Named(() => codec.Load(Bytes, LoadOptions.Default));

    /// <summary>
    /// The game as a MessagePack document, keyed by member name, for the commands that walk it: a MessagePack payload as
    /// saved, read through its own structure, unless its model renamed members ([FormerlySavedAs]); that one, and an XML
    /// or protobuf payload, loaded through its model (as the game loads it: every member under its current key) and
    /// written as MessagePack (a MessagePack save keeps the members the model lacks). Without the model, an XML payload
    /// by its element structure (<see cref="XmlStructure"/>). Protobuf numbers its fields, so it can't be read without its model.
    /// </summary>
    public ReadOnlyMemory<byte> GameAsMessagePack(string what) => Named(() =>
    {
        if (Header.Format == SaveFormat.MessagePack && Codec is not { ReadsFormerKeys: true })
        {
            _ = SaveFileTools.OpenDocument(SaveFormat.MessagePack, Payload); // the whole structure, nesting bounded, before anything walks it
            return Payload;
        }

        if (Codec is not null)
        {
            return ToMessagePack(Codec, Codec.Load(Bytes, LoadOptions.Default));
        }

        return Header.Format == SaveFormat.Xml ? XmlStructure.ToMessagePack(Payload) : throw new ToolException(
            $"{Path}: {what} of a {Names.Of(Header.Format)} save needs its model, '{Info.Metadata.ModelId}', since protobuf numbers its fields rather "
            + $"than naming them, and this program doesn't know the model (it knows {Known()}). Run the game's own program with "
            + "SaveTool.Run(args), or 'protoc --decode' with the model's .proto (docs/FORMAT.md).");
    });

    public static ReadOnlyMemory<byte> ToMessagePack(RegisteredModel codec, object game)
    {
        var buffer = new ArrayBufferWriter<byte>();
        codec.Encode(SaveFormat.MessagePack, buffer, game);
        return buffer.WrittenMemory;
    }

    /// <summary>The models this program knows, for messages.</summary>
    public static string Known() => RegisteredModel.Ids is { Count: > 0 } ids ? string.Join(", ", ids.Select(id => $"'{id}'")) : "none";

    /// <summary>Runs <paramref name="read"/> over the game from <see cref="GameAsMessagePack"/>: a value MessagePack refuses is damage.</summary>
    public T Walk<T>(Func<T> read)
    {
        try
        {
            return read();
        }
        catch (MessagePackSerializationException e)
        {
            throw new SaveCorruptedException($"The payload holds a value that can't be read ({e.Message}).", Path, e);
        }
    }
}

using System.Buffers;
using Engine.Serialization.Errors;
using Engine.Serialization.Migrations;
using Engine.Serialization.Models;
using MessagePack;

namespace Engine.Serialization.Formats.MessagePack;

/// <summary>
/// A model as a MessagePack map with string keys, written and read by build-time generated code that calls itself
/// directly: no MessagePackSerializerOptions, no resolver, no dynamic code, under JIT and NativeAOT alike.
/// </summary>
public sealed class MessagePackSaveFormat : ISaveFormat
{
    private MessagePackSaveFormat()
    {
    }

    public static MessagePackSaveFormat Instance { get; } = new();

    public SaveFormat Id => SaveFormat.MessagePack;

    /// <summary>
    /// The model's generated resolver (its formatters run the same generated code), then MessagePack's built-in
    /// formatters: for MessagePackSerializer in tests and tools. Saves and loads don't use it.
    /// </summary>
    public static IFormatterResolver ResolverFor<T>() => SaveModels.Get<T>().Resolver;

    /// <summary>Options for MessagePackSerializer over saves of <typeparamref name="T"/>, with untrusted-data limits: for tests and tools.</summary>
    public static MessagePackSerializerOptions OptionsFor<T>() =>
        new MessagePackSerializerOptions(ResolverFor<T>()).WithSecurity(MessagePackSecurity.UntrustedData);

    public SaveDocument OpenDocument(ReadOnlyMemory<byte> payload) => new MessagePackDocument(payload);
}

/// <summary>MessagePack's encoding of one model, through its generated codec.</summary>
internal sealed class MessagePackSaveFormat<T>(SaveModelCodec<T> codec) : ISaveFormat<T>
{
    public SaveFormat Id => SaveFormat.MessagePack;

    public SaveDocument OpenDocument(ReadOnlyMemory<byte> payload) => MessagePackSaveFormat.Instance.OpenDocument(payload);

    public void Write(IBufferWriter<byte> output, T content)
    {
        var writer = new MessagePackWriter(output);
        try
        {
            codec.Write(ref writer, content);
        }
        catch (MissingValueException e)
        {
            throw MissingValues.AtSave(codec, content, e);
        }
        catch (InvalidTextException e)
        {
            throw new SaveEncodingException($"{e.Message} The save could never load it back as written: nothing was written. Change the text and save again.", innerException: e);
        }

        writer.Flush();
    }

    public T Read(ReadOnlyMemory<byte> payload)
    {
        T? content;
        var reader = new MessagePackReader(payload);
        CodecSupport.TakeMissingRead();
        try
        {
            using var budget = DecodeBudget.Open(payload.Length);
            content = codec.Read(ref reader);
        }
        catch (Exception e) when (MessagePackDecoding.IsBadInput(e))
        {
            throw new SaveCorruptedException($"The MessagePack payload could not be decoded ({e.Message}).", innerException: e);
        }

        if (content is null)
        {
            throw new SaveCorruptedException("The MessagePack payload holds nil instead of a game.");
        }

        if (reader.Consumed != payload.Length)
        {
            throw new SaveCorruptedException($"The MessagePack payload has {payload.Length - reader.Consumed} unexpected bytes after the game.");
        }

        if (CodecSupport.TakeMissingRead())
        {
            throw MissingValues.AtLoad(codec, content);
        }

        return content;
    }
}

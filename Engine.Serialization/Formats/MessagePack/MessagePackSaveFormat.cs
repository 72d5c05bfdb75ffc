using System.Buffers;
using Engine.Serialization.Errors;
using Engine.Serialization.Internal;
using Engine.Serialization.Models;
using MessagePack;

namespace Engine.Serialization.Formats.MessagePack;

/// <summary>
/// MessagePack's resolver and options for a save model, for MessagePackSerializer in tools and tests. Saves and loads
/// don't use them: the model's generated codec calls itself directly (no options, no resolver, no dynamic code).
/// </summary>
public static class MessagePackSaveFormat
{
    /// <summary>The model's generated resolver (its formatters run the same generated code), then MessagePack's built-in formatters.</summary>
    public static IFormatterResolver ResolverFor<T>() => SaveModels.Get<T>().Resolver;

    /// <summary>Options for MessagePackSerializer over saves of <typeparamref name="T"/>, with untrusted-data limits.</summary>
    public static MessagePackSerializerOptions OptionsFor<T>() =>
        new MessagePackSerializerOptions(ResolverFor<T>()).WithSecurity(MessagePackSecurity.UntrustedData);
}

/// <summary>A model as a MessagePack map with string keys, through its generated codec.</summary>
internal sealed class MessagePackSaveFormat<T>(SaveModelCodec<T> codec) : ISaveFormat<T>
{
    public SaveFormat Id => SaveFormat.MessagePack;

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
            using var budget = LoadBudget.ForDecode(payload.Length);
            content = codec.Read(ref reader);
        }
        catch (Exception e) when (NewerValues.Refusal(e) is { } refusal)
        {
            throw refusal;
        }
        catch (Exception e) when (MessagePackDecoding.IsBadInput(e))
        {
            throw new SaveCorruptedException($"The MessagePack payload could not be decoded: {DecodeFailure.Describe(e)}.", innerException: e);
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

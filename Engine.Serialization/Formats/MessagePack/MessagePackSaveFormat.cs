using System.Buffers;
using Engine.Core.Model;
using Engine.Serialization.Errors;
using Engine.Serialization.Migrations;
using MessagePack;
using MessagePack.Resolvers;

namespace Engine.Serialization.Formats.MessagePack;

/// <summary>
/// GameContent as a MessagePack map with string keys, written and read by build-time generated code
/// that calls itself directly: no MessagePackSerializerOptions, no resolver, no dynamic code, under
/// JIT and NativeAOT alike.
/// </summary>
public sealed class MessagePackSaveFormat : ISaveFormat
{
    public static MessagePackSaveFormat Instance { get; } = new();

    /// <summary>
    /// The generated resolver (its formatters run the same generated code), then MessagePack's built-in
    /// formatters: for MessagePackSerializer in tests and tools. Saves and loads don't use it.
    /// </summary>
    public static IFormatterResolver Resolver => Serializer.Resolver;

    /// <summary>Options for MessagePackSerializer over saves, with untrusted-data limits: for tests and tools, like <see cref="Resolver"/>.</summary>
    public static MessagePackSerializerOptions Options => Serializer.Options;

    private MessagePackSaveFormat()
    {
    }

    public SaveFormat Id => SaveFormat.MessagePack;

    public void Write(IBufferWriter<byte> output, GameContent content)
    {
        var writer = new MessagePackWriter(output);
        GameContentFormatterResolver.Write(ref writer, content);
        writer.Flush();
    }

    public SaveDocument OpenDocument(ReadOnlyMemory<byte> payload) => new MessagePackDocument(payload);

    public GameContent Read(ReadOnlyMemory<byte> payload)
    {
        GameContent? content;
        var reader = new MessagePackReader(payload);
        try
        {
            using var budget = DecodeBudget.Open(payload.Length);
            GameContentFormatterResolver.Read(ref reader, out content);
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

        MissingValues.ThrowIfAny(content);
        return content;
    }

    // Built on first use only: options read MessagePackSecurity, whose static constructor seeds a hash
    // with random bytes from the OS's crypto library (loading OpenSSL costs a native cold load a fifth of its time).
    private static class Serializer
    {
        public static readonly IFormatterResolver Resolver = CompositeResolver.Create(GameContentFormatterResolver.Instance, BuiltinResolver.Instance);

        public static readonly MessagePackSerializerOptions Options = new MessagePackSerializerOptions(Resolver).WithSecurity(MessagePackSecurity.UntrustedData);
    }
}

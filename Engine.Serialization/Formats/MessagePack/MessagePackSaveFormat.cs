using System.Buffers;
using Engine.Core.Model;
using Engine.Serialization.Errors;
using Engine.Serialization.Migrations;
using MessagePack;
using MessagePack.Resolvers;

namespace Engine.Serialization.Formats.MessagePack;

/// <summary>
/// GameContent as a MessagePack map with string keys, through build-time generated formatters.
/// The resolver chain holds only the generated resolver and MessagePack's built-in primitives,
/// so no dynamic (Reflection.Emit) resolver can be reached, under JIT or NativeAOT alike.
/// </summary>
public sealed class MessagePackSaveFormat : ISaveFormat
{
    public static MessagePackSaveFormat Instance { get; } = new();

    /// <summary>
    /// The generated resolver first (its formatters checking the decode budget), then MessagePack's
    /// built-in formatters for primitives.
    /// </summary>
    public static IFormatterResolver Resolver { get; } =
        CompositeResolver.Create(BudgetedFormatterResolver.Instance, BuiltinResolver.Instance);

    /// <summary>Options for reading and writing saves: untrusted-data limits on, since a save file can come from anywhere.</summary>
    public static MessagePackSerializerOptions Options { get; } =
        new MessagePackSerializerOptions(Resolver).WithSecurity(MessagePackSecurity.UntrustedData);

    private MessagePackSaveFormat()
    {
    }

    public SaveFormat Id => SaveFormat.MessagePack;

    public void Write(IBufferWriter<byte> output, GameContent content) =>
        MessagePackSerializer.Serialize(output, content, Options);

    public SaveDocument OpenDocument(ReadOnlyMemory<byte> payload) => new MessagePackDocument(payload);

    public GameContent Read(ReadOnlyMemory<byte> payload)
    {
        GameContent? content;
        int bytesRead;
        try
        {
            using var budget = DecodeBudget.Open(payload.Length);
            content = MessagePackSerializer.Deserialize<GameContent>(payload, Options, out bytesRead);
        }
        catch (MessagePackSerializationException e)
        {
            DecodeBudget.RethrowWrapped(e);
            throw new SaveCorruptedException($"The MessagePack payload could not be decoded ({Innermost(e).Message}).", innerException: e);
        }

        if (content is null)
        {
            throw new SaveCorruptedException("The MessagePack payload holds nil instead of a game.");
        }

        if (bytesRead != payload.Length)
        {
            throw new SaveCorruptedException($"The MessagePack payload has {payload.Length - bytesRead} unexpected bytes after the game.");
        }

        MissingValues.ThrowIfAny(content);
        return content;
    }

    private static Exception Innermost(Exception e) => e.InnerException is null ? e : Innermost(e.InnerException);
}

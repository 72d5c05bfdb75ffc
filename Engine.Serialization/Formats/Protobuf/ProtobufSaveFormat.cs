using System.Buffers;
using Engine.Core.Model;
using Engine.Serialization.Errors;
using Engine.Serialization.Migrations;
using ProtoBuf;

namespace Engine.Serialization.Formats.Protobuf;

/// <summary>
/// GameContent as one plain protobuf message (described by <c>GameContent.proto</c>, so any protobuf
/// library can read a save), through protobuf-net's build-time generated serializers.
/// </summary>
public sealed class ProtobufSaveFormat : ISaveFormat<GameContent>
{
    private ProtobufSaveFormat()
    {
    }

    public static ProtobufSaveFormat Instance { get; } = new();

    public SaveFormat Id => SaveFormat.Protobuf;

    public void Write(IBufferWriter<byte> output, GameContent content)
    {
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(content);
        GameContentChecks.BeforeSave(content);
        try
        {
            GameContentProtoModel.Instance.Serialize<GameContent>(output, content);
        }
        catch (Exception e) when (e is ProtoException or InvalidOperationException or ArgumentException or NullReferenceException)
        {
            // protobuf-net reports a null list element as a NullReferenceException.
            throw new SaveEncodingException($"The game could not be written as protobuf ({e.Message}).", innerException: e);
        }
    }

    /// <summary>None: protobuf's members are numbered, not named, so name-based migration steps can't apply.</summary>
    public SaveDocument? OpenDocument(ReadOnlyMemory<byte> payload) => null;

    public GameContent Read(ReadOnlyMemory<byte> payload)
    {
        GameContent? content;
        try
        {
            using var budget = DecodeBudget.Open(payload.Length);
            // Read through a stream, not the ReadOnlyMemory overload: protobuf-net 3.4.40's sequence
            // reader rents a buffer of a string's declared length before it checks that the bytes are
            // there, so a 150-byte payload could make it allocate half a gigabyte (afl-fuzz found it).
            using var stream = PayloadStream.Over(payload);
            content = GameContentProtoModel.Instance.Deserialize<GameContent>(stream);
        }
        catch (Exception e) when (e is not SaveException)
        {
            DecodeBudget.RethrowWrapped(e);
            // Bad input surfaces as many types (ProtoException, EndOfStreamException, OverflowException,
            // InvalidOperationException, ...): all of them mean the payload is not a valid game.
            throw new SaveCorruptedException($"The protobuf payload could not be decoded ({e.GetType().Name}: {e.Message}).", innerException: e);
        }

        if (content is null)
        {
            throw new SaveCorruptedException("The protobuf payload holds no game.");
        }

        GameContentChecks.AfterLoad(content);
        return content;
    }
}

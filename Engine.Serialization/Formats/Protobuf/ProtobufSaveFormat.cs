using System.Buffers;
using Engine.Serialization.Errors;
using Engine.Serialization.Internal;
using ProtoBuf;

namespace Engine.Serialization.Formats.Protobuf;

/// <summary>
/// A model as one plain protobuf message, described by the model's generated <c>.proto</c> so any protobuf library
/// can read a save; written and read by the model's generated codec over protobuf-net's writer and reader, which do
/// the wire work. Field numbers come from the model's checked-in <c>.proto</c>, so they never change.
/// </summary>
internal sealed class ProtobufSaveFormat<T>(SaveModelCodec<T> codec) : ISaveFormat<T>
{
    public SaveFormat Id => SaveFormat.Protobuf;

    public void Write(IBufferWriter<byte> output, T content)
    {
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(content);

        // A stream, not the IBufferWriter overload: that one measures each sub-message by writing it once more
        // first, which would run the model's OnBeforeSerialize callbacks once per level of nesting.
        using var stream = new MemoryStream();
        try
        {
            Encode(stream, content);
        }
        catch (MissingValueException e)
        {
            throw MissingValues.AtSave(codec, content, e);
        }
        catch (InvalidTextException e)
        {
            throw new SaveEncodingException($"{e.Message} The save could never load it back as written: nothing was written. Change the text and save again.", innerException: e);
        }
        catch (ProtoException e)
        {
            throw new SaveEncodingException($"The game could not be written as protobuf ({e.Message}).", innerException: e);
        }

        output.Write(stream.GetBuffer().AsSpan(0, (int)stream.Length));
    }

    private void Encode(Stream stream, T content)
    {
        var state = ProtoWriter.State.Create(stream, null);
        try
        {
            codec.WriteProtobuf(ref state, content);
            state.Close();
        }
        catch
        {
            // A writer disposed with unflushed data throws over the exception that stopped it.
            state.Abandon();
            throw;
        }
        finally
        {
            state.Dispose();
        }
    }

    public T Read(ReadOnlyMemory<byte> payload)
    {
        T content;
        CodecSupport.TakeMissingRead();
        try
        {
            using var budget = LoadBudget.ForDecode(payload.Length);

            // Read through a stream, not the ReadOnlyMemory overload: protobuf-net 3.4.40's sequence
            // reader rents a buffer of a string's declared length before it checks that the bytes are
            // there, so a 150-byte payload could make it allocate half a gigabyte (afl-fuzz found it).
            using var stream = PayloadStream.Over(payload);
            var state = ProtoReader.State.Create(stream, null, null, payload.Length);
            try
            {
                content = codec.ReadProtobuf(ref state);
            }
            finally
            {
                state.Dispose();
            }
        }
        catch (Exception e) when (NewerValues.Refusal(e) is { } refusal)
        {
            throw refusal;
        }
        catch (Exception e) when (e is not SaveException)
        {
            LoadBudget.RethrowWrapped(e);

            // Bad input surfaces as many types (ProtoException, EndOfStreamException, OverflowException,
            // InvalidOperationException, ...): all of them mean the payload is not a valid game.
            throw new SaveCorruptedException($"The protobuf payload could not be decoded: {DecodeFailure.Describe(e)}.", innerException: e);
        }

        if (CodecSupport.TakeMissingRead())
        {
            throw MissingValues.AtLoad(codec, content);
        }

        return content;
    }
}

using MessagePack;

namespace Engine.Serialization.Formats.MessagePack;

/// <summary>What the generated readers and MessagePackReader throw on input that isn't what they read.</summary>
internal static class MessagePackDecoding
{
    /// <summary>
    /// Data cut short (<see cref="EndOfStreamException"/>), an unexpected type code or nesting too deep
    /// (<see cref="MessagePackSerializationException"/>), a number beyond its member's type (<see cref="OverflowException"/>),
    /// a timestamp beyond DateTime (<see cref="ArgumentOutOfRangeException"/>).
    /// </summary>
    public static bool IsBadInput(Exception e) =>
        e is MessagePackSerializationException or EndOfStreamException or OverflowException or ArgumentOutOfRangeException;

    /// <summary>
    /// Skips one value at nesting level <paramref name="depth"/>, refusing maps and arrays past <paramref name="maxDepth"/>
    /// levels (<see cref="Internal.CodecSupport.MaxDocumentDepth"/>): MessagePackReader's own skip follows any nesting.
    /// </summary>
    public static void Skip(ref MessagePackReader reader, int depth, int maxDepth)
    {
        switch (reader.NextMessagePackType)
        {
            case MessagePackType.Map:
                RefuseDeeper(depth, maxDepth);
                int pairs = reader.ReadMapHeader();
                for (int i = 0; i < pairs; i++)
                {
                    Skip(ref reader, depth + 1, maxDepth);
                    Skip(ref reader, depth + 1, maxDepth);
                }

                break;
            case MessagePackType.Array:
                RefuseDeeper(depth, maxDepth);
                int items = reader.ReadArrayHeader();
                for (int i = 0; i < items; i++)
                {
                    Skip(ref reader, depth + 1, maxDepth);
                }

                break;
            default:
                reader.Skip();
                break;
        }
    }

    private static void RefuseDeeper(int depth, int maxDepth)
    {
        if (depth > maxDepth)
        {
            throw new MessagePackSerializationException($"The data nests maps and arrays deeper than {maxDepth} levels, deeper than any save a game writes.");
        }
    }
}

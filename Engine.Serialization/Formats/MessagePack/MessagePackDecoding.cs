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
}

using MessagePack;

namespace Engine.Core.Model;

/// <summary>One line of the message log the player can scroll back through.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed class LogMessage
{
    public double TimeSeconds { get; set; }

    public MessageKind Kind { get; set; }

    /// <summary>Who spoke; empty for narration.</summary>
    public string Speaker { get; set; } = "";

    public string Text { get; set; } = "";
}

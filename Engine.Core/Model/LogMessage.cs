using MessagePack;

namespace Engine.Core.Model;

/// <summary>One line of the message log the player can scroll back through.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed partial class LogMessage
{
    public partial double TimeSeconds { get; set; }

    public partial MessageKind Kind { get; set; }

    /// <summary>Who spoke; empty for narration.</summary>
    public partial string Speaker { get; set; } = "";

    public partial string Text { get; set; } = "";
}

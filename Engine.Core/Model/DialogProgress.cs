using Engine.Serialization;
using MessagePack;

namespace Engine.Core.Model;

/// <summary>How far the player got in one conversation tree.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed partial class DialogProgress
{
    public partial string DialogId { get; set; } = "";

    public partial string CurrentNodeId { get; set; } = "";

    /// <summary>The options already chosen, so the game can grey them out.</summary>
    public partial TrackedList<string> ChosenOptionIds { get; set; } = [];

    public partial bool Finished { get; set; }
}

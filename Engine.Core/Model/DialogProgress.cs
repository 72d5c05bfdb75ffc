using MessagePack;

namespace Engine.Core.Model;

/// <summary>How far the player got in one conversation tree.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed class DialogProgress
{
    public string DialogId { get; set; } = "";

    public string CurrentNodeId { get; set; } = "";

    /// <summary>The options already chosen, so the game can grey them out.</summary>
    public List<string> ChosenOptionIds { get; set; } = [];

    public bool Finished { get; set; }
}

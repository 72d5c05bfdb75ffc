using MessagePack;

namespace Engine.Core.Model;

/// <summary>A goal the player is working on, and how far along it is.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed class Quest
{
    public string Id { get; set; } = "";

    public string Title { get; set; } = "";

    public QuestStatus Status { get; set; }

    public int Step { get; set; }

    public List<string> CompletedObjectives { get; set; } = [];
}

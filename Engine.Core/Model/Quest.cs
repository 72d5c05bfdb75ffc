using Engine.Serialization;
using MessagePack;

namespace Engine.Core.Model;

/// <summary>A goal the player is working on, and how far along it is.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed partial class Quest
{
    public partial string Id { get; set; } = "";

    public partial string Title { get; set; } = "";

    public partial QuestStatus Status { get; set; }

    public partial int Step { get; set; }

    public partial TrackedList<string> CompletedObjectives { get; set; } = [];
}

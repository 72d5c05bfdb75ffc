using Engine.Serialization;
using MessagePack;

namespace OneEditGame;

/// <summary>An outpost and its crew: the model the one-edit test adds a member to.</summary>
[SaveModel(Id = "one-edit.outpost")]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class Outpost
{
    public string Name { get; set; } = "";

    public int Supplies { get; set; }

    public Crew Captain { get; set; } = new();

    public List<Crew> Crew { get; set; } = [];
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Crew
{
    public string Name { get; set; } = "";

    public int Age { get; set; }

    public float Morale { get; set; } = 1;
}

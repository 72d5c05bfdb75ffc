using MessagePack;
using RpgGame.Model;

namespace Engine.Serialization.Tests.Versioning;

/// <summary>
/// The RPG's model as a later release might ship it, declaring only what the tests touch: it added members at every
/// level (the party, its heroes, its quests, its items) and knows nothing of the rest, which it must keep.
/// </summary>
[SaveModel(Id = PartyState.ModelId)]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class NewerPartyState
{
    public string PartyName { get; set; } = "";

    public string Location { get; set; } = "";

    public List<NewerHero> Heroes { get; set; } = [];

    public Dictionary<int, NewerQuest> Quests { get; set; } = [];

    public IList<NewerItem> Stash { get; set; } = new List<NewerItem>();

    public List<string> Mounts { get; set; } = [];
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class NewerHero
{
    public string Name { get; set; } = "";

    public string Title { get; set; } = "";
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class NewerQuest
{
    public string Title { get; set; } = "";

    public string Giver { get; set; } = "";
}

[Union(0, typeof(NewerWeapon))]
[Union(1, typeof(NewerArmor))]
[Union(2, typeof(NewerPotion))]
public abstract class NewerItem
{
    public string Name { get; set; } = "";

    public string Rarity { get; set; } = "common";
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class NewerWeapon : NewerItem
{
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class NewerArmor : NewerItem
{
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class NewerPotion : NewerItem
{
}

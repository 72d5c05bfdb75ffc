using MessagePack;

namespace Engine.Serialization.Tests.Versioning;

/// <summary>
/// A banner as a game ships it, and as its next release does with one more value in each enum (its saves are framed
/// with the older model's id by the tests: two models of one assembly can't share an id).
/// </summary>
[SaveModel(Id = Banner.ModelId)]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class Banner
{
    public const string ModelId = "tests.banner";

    public Hue Color { get; set; }

    public Sigils Sigils { get; set; }

    public Season Season { get; set; }

    public Rank Rank { get; set; }

    public List<Hue> Stripes { get; set; } = [];

    public Dictionary<Hue, int> Threads { get; set; } = [];
}

[SaveModel(Id = NewerBanner.ModelId)]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class NewerBanner
{
    public const string ModelId = "tests.banner.newer";

    public NewerHue Color { get; set; }

    public NewerSigils Sigils { get; set; }

    public NewerSeason Season { get; set; }

    public Rank Rank { get; set; }

    public List<NewerHue> Stripes { get; set; } = [];

    public Dictionary<NewerHue, int> Threads { get; set; } = [];
}

public enum Hue
{
    Red,
    Green,
}

public enum NewerHue
{
    Red,
    Green,
    Gold,
}

[Flags]
public enum Sigils
{
    None = 0,
    Lion = 1,
    Tower = 2,
}

[Flags]
public enum NewerSigils
{
    None = 0,
    Lion = 1,
    Tower = 2,
    Dragon = 4,
}

/// <summary>Kept as it is: later releases add seasons, and an older game must carry them through its saves.</summary>
[AllowUndefinedValues]
public enum Season
{
    Spring,
    Summer,
}

public enum NewerSeason
{
    Spring,
    Summer,
    Autumn,
}

/// <summary>No member is zero, yet zero (a member never set) saves and loads.</summary>
public enum Rank
{
    Squire = 1,
    Knight = 2,
}

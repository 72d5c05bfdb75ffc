namespace Engine.Serialization.Tests.Models;

/// <summary>
/// The tests that build a game outside the solution (OneEditTests, EvolutionTests), one at a time: each build builds
/// the engine's projects in place, and two at once would write the same files.
/// </summary>
[CollectionDefinition(Name)]
public sealed class GameBuilds
{
    public const string Name = "Builds of games outside the solution";
}

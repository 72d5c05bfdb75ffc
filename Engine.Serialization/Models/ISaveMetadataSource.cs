namespace Engine.Serialization.Models;

/// <summary>
/// A model that describes itself for a slot list: what a save's metadata holds unless the game passes its own.
/// Implement it on a <see cref="SaveModelAttribute"/> root; without it the title is empty and the play time zero.
/// </summary>
public interface ISaveMetadataSource
{
    /// <summary>The game that owns the save; loads that ask for another game's saves refuse it.</summary>
    string GameId { get; }

    /// <summary>The title a slot list shows.</summary>
    string Title { get; }

    double PlayTimeSeconds { get; }
}

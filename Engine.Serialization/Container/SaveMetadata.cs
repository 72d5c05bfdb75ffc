using Engine.Serialization.Models;
using MessagePack;

namespace Engine.Serialization.Container;

/// <summary>
/// What a save-slot list shows, stored in the container beside the payload so it can be read
/// without decoding the game. String-keyed like the model, so it can grow without breaking.
/// </summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed class SaveMetadata
{
    public string Title { get; set; } = "";

    public DateTime SavedAtUtc { get; set; }

    public double PlayTimeSeconds { get; set; }

    /// <summary>The game that wrote the save (<see cref="SaveOptions.GameId"/>); loads that name another game refuse it.</summary>
    public string GameId { get; set; } = "";

    /// <summary>An encoded image (PNG, say) of the moment of saving; empty when there is none.</summary>
    public byte[] Thumbnail { get; set; } = [];

    /// <summary>
    /// The model the payload holds (<see cref="SaveModelAttribute.Id"/>); set by the save system, whatever the
    /// game passes. Container version 1 had no such key: its saves all hold the engine's GameContent.
    /// </summary>
    public string ModelId { get; set; } = "";

    /// <summary>
    /// Metadata taken from the game itself (an <see cref="ISaveMetadataSource"/>; empty for other models), stamped
    /// with the current time.
    /// </summary>
    public static SaveMetadata For<T>(T content)
    {
        ArgumentNullException.ThrowIfNull(content);
        var metadata = new SaveMetadata { SavedAtUtc = DateTime.UtcNow };
        if (content is ISaveMetadataSource source)
        {
            metadata.Title = source.Title;
            metadata.PlayTimeSeconds = source.PlayTimeSeconds;
            metadata.GameId = source.GameId;
        }

        return metadata;
    }

    internal SaveMetadata With(string modelId, string? gameId) => new()
    {
        Title = Title,
        SavedAtUtc = SavedAtUtc,
        PlayTimeSeconds = PlayTimeSeconds,
        GameId = gameId ?? GameId,
        Thumbnail = Thumbnail,
        ModelId = modelId,
    };
}

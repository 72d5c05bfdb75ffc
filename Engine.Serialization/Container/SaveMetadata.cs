using Engine.Core.Model;
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

    public string GameId { get; set; } = "";

    /// <summary>An encoded image (PNG, say) of the moment of saving; empty when there is none.</summary>
    public byte[] Thumbnail { get; set; } = [];

    /// <summary>Metadata taken from the game itself, stamped with the current time.</summary>
    public static SaveMetadata For(GameContent content)
    {
        ArgumentNullException.ThrowIfNull(content);
        return new SaveMetadata
        {
            Title = content.Title,
            SavedAtUtc = DateTime.UtcNow,
            PlayTimeSeconds = content.PlayTimeSeconds,
            GameId = content.GameId,
        };
    }
}

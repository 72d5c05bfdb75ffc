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

    /// <summary>
    /// An encoded image (PNG, say) of the moment of saving; empty when there is none. Empty too in a slot list's metadata
    /// (<see cref="Slots.SaveSlotStore{T}.List"/>), which leaves thumbnails on disk: there <see cref="SaveInfo.ThumbnailLength"/>
    /// says whether the save has one, and <see cref="Slots.SaveSlotStore{T}.ReadThumbnail"/> reads it.
    /// </summary>
    public byte[] Thumbnail { get; set; } = [];

    /// <summary>
    /// The model the payload holds (<see cref="SaveModelAttribute.Id"/>); set by the save system, whatever the
    /// game passes. Container version 1 had no such key: its saves all hold the engine's GameContent.
    /// </summary>
    public string ModelId { get; set; } = "";

    /// <summary>
    /// The slot's name as the player typed it ("Chapter 2: The Cave"), which its file name is made from; set by
    /// <see cref="Slots.SaveSlotStore{T}"/>, whatever the game passes, and empty in saves written outside a slot.
    /// </summary>
    public string SlotName { get; set; } = "";

    /// <summary>
    /// Metadata taken from the game itself (an <see cref="ISaveMetadataSource"/>; empty for other models), stamped
    /// with the current time.
    /// </summary>
    public static SaveMetadata For<T>(T content) => For(content, given: null);

    /// <summary>
    /// What the game passed, with what it left unset (an empty title or game id, no time, no play time) taken from
    /// <see cref="For{T}(T)"/>: a game that adds a thumbnail keeps the title, play time and time stamp.
    /// </summary>
    public static SaveMetadata For<T>(T content, SaveMetadata? given)
    {
        var metadata = new SaveMetadata();
        metadata.TakeFrom(content, given);
        return metadata;
    }

    /// <summary>Becomes what <see cref="For{T}(T, SaveMetadata?)"/> gives: for an instance the save system reuses.</summary>
    internal void TakeFrom<T>(T content, SaveMetadata? given)
    {
        ArgumentNullException.ThrowIfNull(content);
        var source = content as ISaveMetadataSource;
        Title = given is { Title.Length: > 0 } ? given.Title : source?.Title ?? "";
        SavedAtUtc = given is not null && given.SavedAtUtc != default ? given.SavedAtUtc : DateTime.UtcNow;
        PlayTimeSeconds = given is not null && given.PlayTimeSeconds != 0 ? given.PlayTimeSeconds : source?.PlayTimeSeconds ?? 0;
        GameId = given is { GameId.Length: > 0 } ? given.GameId : source?.GameId ?? "";
        Thumbnail = given?.Thumbnail ?? [];
        ModelId = "";
        SlotName = given?.SlotName ?? "";
    }

    internal SaveMetadata With(string modelId, string? gameId)
    {
        var stamped = new SaveMetadata
        {
            Title = Title,
            SavedAtUtc = SavedAtUtc,
            PlayTimeSeconds = PlayTimeSeconds,
            GameId = GameId,
            Thumbnail = Thumbnail,
            SlotName = SlotName,
        };
        stamped.Stamp(modelId, gameId);
        return stamped;
    }

    /// <summary>What <see cref="With"/> changes, done in place: for metadata the save system made for one save.</summary>
    internal void Stamp(string modelId, string? gameId)
    {
        ModelId = modelId;
        GameId = gameId ?? GameId;
    }
}

using Engine.Serialization.Models;
using MessagePack;

namespace Engine.Serialization.Container;

/// <summary>
/// What a save-slot list shows, stored in the container beside the payload so it can be read
/// without decoding the game. String-keyed like the model, so it can grow without breaking. A record: every copy is a
/// <c>with</c>, so a member added here travels through each of them.
/// </summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed record SaveMetadata
{
    private static readonly SaveMetadata Unset = new();

    public string Title { get; init; } = "";

    public DateTime SavedAtUtc { get; init; }

    public double PlayTimeSeconds { get; init; }

    /// <summary>The game that wrote the save (<see cref="SaveOptions.GameId"/>); loads that name another game refuse it.</summary>
    public string GameId { get; init; } = "";

    /// <summary>
    /// An encoded image (PNG, say) of the moment of saving; empty when there is none. Empty too in a slot list's metadata
    /// (<see cref="Slots.SaveSlotStore{T}.List"/>), which leaves thumbnails on disk: there <see cref="SaveInfo.ThumbnailLength"/>
    /// says whether the save has one, and <see cref="Slots.SaveSlotStore{T}.ReadThumbnail"/> reads it.
    /// </summary>
    public byte[] Thumbnail { get; init; } = [];

    /// <summary>
    /// The model the payload holds (<see cref="SaveModelAttribute.Id"/>); set by the save system, whatever the
    /// game passes. Container version 1 had no such key: its saves all hold the engine's GameContent.
    /// </summary>
    public string ModelId { get; init; } = "";

    /// <summary>
    /// The slot's name as the player typed it ("Chapter 2: The Cave"), which its file name is made from; set by
    /// <see cref="Slots.SaveSlotStore{T}"/>, whatever the game passes, and empty in saves written outside a slot.
    /// </summary>
    public string SlotName { get; init; } = "";

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
        ArgumentNullException.ThrowIfNull(content);
        var source = content as ISaveMetadataSource;
        given ??= Unset;
        return given with
        {
            Title = given.Title is { Length: > 0 } ? given.Title : source?.Title ?? "",
            SavedAtUtc = given.SavedAtUtc != default ? given.SavedAtUtc : DateTime.UtcNow,
            PlayTimeSeconds = given.PlayTimeSeconds != 0 ? given.PlayTimeSeconds : source?.PlayTimeSeconds ?? 0,
            GameId = given.GameId is { Length: > 0 } ? given.GameId : source?.GameId ?? "",

            // A game without nullable checks may pass nulls, which a load would refuse.
            Thumbnail = given.Thumbnail ?? [],
            SlotName = given.SlotName ?? "",
            ModelId = "",
        };
    }

    /// <summary>The metadata of a save of <paramref name="modelId"/> for <paramref name="gameId"/> (null: the game id it names).</summary>
    internal SaveMetadata Stamped(string modelId, string? gameId) => this with { ModelId = modelId, GameId = gameId ?? GameId };
}

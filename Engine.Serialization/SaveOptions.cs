using Engine.Serialization.Compression;
using Engine.Serialization.Formats;

namespace Engine.Serialization;

/// <summary>How a game is saved. Immutable: make variants with <c>SaveOptions.Default with { ... }</c>.</summary>
public sealed record SaveOptions
{
    public static SaveOptions Default { get; } = new();

    /// <summary>The payload's encoding. MessagePack is the fast, small, version-tolerant default.</summary>
    public SaveFormat Format { get; init; } = SaveFormat.MessagePack;

    public SaveCompression Compression { get; init; } = SaveCompression.None;

    /// <summary>How hard LZ4 works, when <see cref="Compression"/> is LZ4.</summary>
    public Lz4Level Lz4Level { get; init; } = Lz4Level.Fast;

    /// <summary>
    /// The game every save is stamped with (<see cref="Container.SaveMetadata.GameId"/>), whatever the metadata says;
    /// null leaves the metadata's (by default the model's own, <see cref="Models.ISaveMetadataSource.GameId"/>).
    /// </summary>
    public string? GameId { get; init; }

    /// <summary>
    /// The options the game loads its saves with: a save larger than their limits (<see cref="LoadOptions.MaxMetadataBytes"/>,
    /// <see cref="LoadOptions.MaxPayloadBytes"/>) is refused before anything is written, since that load would refuse it.
    /// A <see cref="Slots.SaveSlotStore{T}"/> uses its own <see cref="Slots.SaveSlotStore{T}.LoadOptions"/>.
    /// </summary>
    public LoadOptions LoadedWith { get; init; } = LoadOptions.Default;
}

using Engine.Serialization.Migrations;

namespace Engine.Serialization;

/// <summary>
/// What a load accepts: limits on what a save may ask of the game while loading, so a hostile or damaged file
/// can't exhaust memory, and whose saves it takes. Immutable: make variants with <c>LoadOptions.Default with { ... }</c>.
/// </summary>
public sealed record LoadOptions
{
    public static LoadOptions Default { get; } = new();

    /// <summary>The largest payload accepted, stored or decompressed (default 512 MiB).</summary>
    public int MaxPayloadBytes { get; init; } = 512 * 1024 * 1024;

    /// <summary>The largest metadata block accepted, thumbnail included (default 16 MiB).</summary>
    public int MaxMetadataBytes { get; init; } = 16 * 1024 * 1024;

    /// <summary>
    /// The most memory one load may allocate (default 192 MiB): the file read in, its payload decompressed, the documents
    /// migrations open, and every object, collection and string of the game. The load of a Large generated game takes
    /// 50 MB in MessagePack and 147 MB in XML with LZ4; past the limit the load is refused with a <see cref="Errors.SaveTooLargeException"/>,
    /// so that no file, however made, can take the machine. A game whose saves are larger raises it.
    /// </summary>
    public long MaxMemoryBytes { get; init; } = 192L * 1024 * 1024;

    /// <summary>
    /// The game whose saves are accepted: a save another game wrote is refused with a
    /// <see cref="Errors.ForeignSaveException"/>. Null accepts any game's save of the model.
    /// </summary>
    public string? GameId { get; init; }

    /// <summary>
    /// The schema a load reads and the steps that bring older saves up to it; null takes the model's own
    /// (<see cref="SaveModelAttribute.SchemaVersion"/> and <see cref="SaveModelAttribute.Migrations"/>).
    /// </summary>
    public SchemaMigrations? Migrations { get; init; }

    /// <summary>
    /// For a game's tests of its older saves (frozen fixtures): each migration step that runs must change the save, and
    /// every member it renames or removes must be in at least one object; otherwise the load fails with an
    /// <see cref="InvalidOperationException"/> naming the step. Off for players' loads, where a step may rightly find
    /// nothing to change (a save with no such objects).
    /// </summary>
    public bool CheckMigrationSteps { get; init; }
}

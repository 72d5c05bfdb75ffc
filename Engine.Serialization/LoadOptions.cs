using Engine.Serialization.Migrations;

namespace Engine.Serialization;

/// <summary>
/// Limits on what a save may ask of the game while loading, so a hostile or damaged file can't
/// exhaust memory. Immutable: make variants with <c>LoadOptions.Default with { ... }</c>.
/// </summary>
public sealed record LoadOptions
{
    public static LoadOptions Default { get; } = new();

    /// <summary>The largest payload accepted, stored or decompressed (default 512 MiB).</summary>
    public int MaxPayloadBytes { get; init; } = 512 * 1024 * 1024;

    /// <summary>The largest metadata block accepted, thumbnail included (default 16 MiB).</summary>
    public int MaxMetadataBytes { get; init; } = 16 * 1024 * 1024;

    /// <summary>The schema this build reads and the steps that bring older saves up to it.</summary>
    public SchemaMigrations Migrations { get; init; } = GameContentMigrations.All;
}

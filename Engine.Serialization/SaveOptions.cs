using Engine.Serialization.Formats;

namespace Engine.Serialization;

/// <summary>How a game is saved. Immutable: make variants with <c>SaveOptions.Default with { ... }</c>.</summary>
public sealed record SaveOptions
{
    public static SaveOptions Default { get; } = new();

    /// <summary>The payload's encoding. MessagePack is the fast, small, version-tolerant default.</summary>
    public SaveFormat Format { get; init; } = SaveFormat.MessagePack;
}

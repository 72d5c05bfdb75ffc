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
}

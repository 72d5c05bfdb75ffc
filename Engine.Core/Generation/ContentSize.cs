namespace Engine.Core.Generation;

/// <summary>How much generated content to make; see <see cref="ContentGenerator"/> for the encoded sizes.</summary>
public enum ContentSize
{
    /// <summary>A short game: about 20 KB as MessagePack.</summary>
    Small,

    /// <summary>About the largest game in the seed write-up: about 1 MB as MessagePack, 250 KB with LZ4.</summary>
    Medium,

    /// <summary>A very large game: about 20 MB as MessagePack.</summary>
    Large,
}

namespace Engine.Serialization.Compression;

/// <summary>How hard LZ4 works when saving. Loading is equally fast for every level.</summary>
public enum Lz4Level
{
    /// <summary>Fastest save; the usual choice for autosaves.</summary>
    Fast,

    /// <summary>LZ4 HC level 9: slower saves, files about a third smaller.</summary>
    High,

    /// <summary>LZ4 HC level 12: the smallest files, the slowest saves.</summary>
    Max,
}

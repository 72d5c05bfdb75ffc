namespace Engine.Serialization.Compression;

/// <summary>How a save's payload is compressed. The numbers are stored in save files: never reuse one.</summary>
public enum SaveCompression : byte
{
    None = 0,

    /// <summary>The standard LZ4 frame format, which the <c>lz4</c> command-line tool reads.</summary>
    Lz4 = 1,
}

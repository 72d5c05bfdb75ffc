using Engine.Serialization.Compression;
using Engine.Serialization.Formats;

namespace Engine.Serialization.Container;

/// <summary>The fixed-size start of a save file; docs/FORMAT.md gives it byte by byte.</summary>
public readonly record struct SaveHeader(
    ushort ContainerVersion,
    SaveFormat Format,
    SaveCompression Compression,
    int SchemaVersion,
    int MetadataLength,
    long PayloadLength,
    long DecodedLength,
    ulong PayloadChecksum);

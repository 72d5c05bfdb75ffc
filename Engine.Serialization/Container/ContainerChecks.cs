namespace Engine.Serialization.Container;

/// <summary>
/// A save file's header as written, and which of its checksums hold (docs/FORMAT.md), from
/// <see cref="Inspection.SaveFileTools.Inspect"/>: null where the file is too short to hold what a checksum covers.
/// </summary>
public sealed record ContainerChecks(
    SaveHeader Header,
    uint HeaderChecksum,
    bool HeaderHolds,
    uint MetadataChecksum,
    bool? MetadataHolds,
    bool? PayloadHolds);

namespace Engine.Serialization.Container;

/// <summary>What a save says about itself without its payload being decoded.</summary>
public sealed record SaveInfo(SaveHeader Header, SaveMetadata Metadata)
{
    /// <summary>The whole file's size in bytes.</summary>
    public long FileLength => SaveContainer.HeaderSize + Header.MetadataLength + Header.PayloadLength;

    /// <summary>
    /// The length in bytes of the save's thumbnail (<see cref="SaveMetadata.Thumbnail"/>), 0 when it has none. A slot list
    /// (<see cref="Slots.SaveSlotStore{T}.List"/>) leaves thumbnails on disk, so its metadata's thumbnail is empty
    /// whatever this says: <see cref="Slots.SaveSlotStore{T}.ReadThumbnail"/> reads one.
    /// </summary>
    public int ThumbnailLength { get; init; } = Metadata.Thumbnail.Length;
}

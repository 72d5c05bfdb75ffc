namespace Engine.Serialization.Container;

/// <summary>What a save says about itself without its payload being decoded.</summary>
public sealed record SaveInfo(SaveHeader Header, SaveMetadata Metadata)
{
    /// <summary>The whole file's size in bytes.</summary>
    public long FileLength => SaveContainer.HeaderSize + Header.MetadataLength + Header.PayloadLength;
}

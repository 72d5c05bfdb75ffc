using Engine.Serialization.Generated;
using MessagePack;

namespace Engine.Serialization.Container;

/// <summary>Build-time generated writer and reader for the container's metadata block.</summary>
[GeneratedFormatterResolver(typeof(SaveMetadata))]
internal sealed partial class SaveMetadataFormatterResolver : IFormatterResolver
{
}

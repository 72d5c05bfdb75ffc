using Engine.Serialization.Container;
using Engine.Serialization.Snapshots;

namespace Engine.Serialization.Tests.Snapshots;

/// <summary>The oracle of the snapshot tests: after a refresh from the game, the snapshot's file is byte for byte a full save of it.</summary>
internal static class SnapshotImages
{
    public static void AssertImageIsAFullSave<T>(SaveSnapshot<T> snapshot, T content)
    {
        var metadata = SaveMetadata.For(content);
        Assert.True(snapshot.TryTake(content, null));
        try
        {
            var image = snapshot.Encode(metadata, SaveOptions.Default).ToArray();
            Assert.Equal(SaveSerializer.Save(content, metadata), image);
        }
        finally
        {
            snapshot.Release();
        }
    }
}

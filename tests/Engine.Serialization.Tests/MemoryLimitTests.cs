using Engine.Core.Model;
using Engine.Serialization.Tests.Fixtures;

namespace Engine.Serialization.Tests;

/// <summary>
/// The default memory limit of a load (<see cref="LoadOptions.MaxMemoryBytes"/>) fits a game: the Large generated game
/// loads in every format and compression with it, the file's own bytes counted as a load from disk counts them.
/// </summary>
public sealed class MemoryLimitTests
{
    private static readonly Lazy<GameContent> Large = new(() => ContentGenerator.Create(ContentSize.Large));

    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public void Load_OfALargeGame_FitsTheDefaultMemoryLimit(SaveFormat format, SaveCompression compression)
    {
        byte[] save = SaveSerializer.Save(Large.Value, options: new SaveOptions { Format = format, Compression = compression });
        long before = GC.GetAllocatedBytesForCurrentThread();

        var loaded = SaveSerializer.Load<GameContent>(save);

        long taken = GC.GetAllocatedBytesForCurrentThread() - before + save.Length;
        Assert.Equal(Large.Value.Rooms.Count, loaded.Rooms.Count);
        Assert.True(taken < LoadOptions.Default.MaxMemoryBytes * 4 / 5, $"{taken:N0} bytes leave less than a fifth of the limit free");
    }
}

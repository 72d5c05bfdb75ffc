using Engine.Core.Model;

namespace Engine.Serialization.Tests.Fuzzing;

/// <summary>Real saves to mutate: the generated Small game, and a cut-down one that decodes faster.</summary>
internal static class FuzzSeeds
{
    public static IReadOnlyList<GameContent> Contents { get; } = [ContentGenerator.Create(ContentSize.Small), Tiny()];

    public static byte[] Save(GameContent content, SaveFormat format, SaveCompression compression) =>
        SaveSerializer.Save(content, options: new SaveOptions { Format = format, Compression = compression });

    /// <summary>The Small game with one of each list's items kept: every type still appears.</summary>
    private static GameContent Tiny()
    {
        var content = ContentGenerator.Create(ContentSize.Small);
        KeepOne(content.Rooms);
        KeepOne(content.Items);
        KeepOne(content.Characters);
        KeepOne(content.Dialogs);
        KeepOne(content.Quests);
        KeepOne(content.Timers);
        KeepOne(content.MessageLog);
        foreach (var room in content.Rooms)
        {
            room.WalkGrid = new HeightGrid(2, 2);
        }

        return content;
    }

    private static void KeepOne<T>(TrackedList<T> list)
    {
        if (list.Count > 1)
        {
            list.RemoveRange(1, list.Count - 1);
        }
    }
}

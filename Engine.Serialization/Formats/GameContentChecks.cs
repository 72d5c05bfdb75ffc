using Engine.Core.Model;
using Engine.Serialization.Errors;
using Engine.Serialization.Models;

namespace Engine.Serialization.Formats;

/// <summary>
/// The checks the hand-written XML and protobuf encodings of GameContent run around it; the MessagePack codec runs
/// the same ones from generated code (nulls) and from <see cref="HeightGrid"/>'s own callbacks (its shape).
/// </summary>
internal static class GameContentChecks
{
    public static void BeforeSave(GameContent content)
    {
        MissingValues.ThrowIfAnyAtSave(SaveModels.Get<GameContent>(), content);
        if (BadGrid(content) is { } problem)
        {
            throw new SaveEncodingException($"The game's height grid at {problem}, so the save could never be loaded: nothing was written.");
        }
    }

    public static void AfterLoad(GameContent content)
    {
        MissingValues.ThrowIfAny(SaveModels.Get<GameContent>(), content);
        if (BadGrid(content) is { } problem)
        {
            throw new SaveCorruptedException($"The payload's height grid at {problem}.");
        }
    }

    private static string? BadGrid(GameContent content)
    {
        for (int i = 0; i < content.Rooms.Count; i++)
        {
            if (content.Rooms[i].WalkGrid.ShapeProblem() is { } problem)
            {
                return $"Rooms[{i}].WalkGrid {problem}";
            }
        }

        return null;
    }
}

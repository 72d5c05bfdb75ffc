using Engine.Core.Math;
using Engine.Core.Model;

namespace Engine.Serialization.Tests.Snapshots;

/// <summary>What a game does to its state between two saves, at random: small edits, lists that grow and shrink, new objects.</summary>
internal static class GameChanges
{
    public static void Apply(GameContent content, Random random, int changes)
    {
        for (var i = 0; i < changes; i++)
        {
            var room = content.Rooms.Count > 0 ? content.Rooms[random.Next(content.Rooms.Count)] : null;
            switch (random.Next(13))
            {
                case 0 when room is not null:
                    room.Visited = !room.Visited;
                    break;
                case 1 when room is { Objects.Count: > 0 }:
                    room.Objects[random.Next(room.Objects.Count)].Position = new Vector2(random.Next(100), -0f);
                    break;
                case 2 when room is { WalkGrid.Cells.Count: > 0 }:
                    room.WalkGrid.Cells[random.Next(room.WalkGrid.Cells.Count)] = random.Next(3) == 0 ? float.NaN : random.NextSingle();
                    break;
                case 3 when room is not null:
                    room.Name += "é"; // longer by two bytes: what follows moves
                    break;
                case 4 when room is { Objects.Count: > 0 }:
                    room.Objects.RemoveAt(random.Next(room.Objects.Count));
                    break;
                case 5 when room is not null:
                    content.Rooms.Add(new Room { Id = "room-new-" + random.Next(), Name = room.Name, WalkGrid = new HeightGrid(2, 2) });
                    break;
                case 6 when content.Rooms.Count > 1:
                    content.Rooms.RemoveAt(random.Next(content.Rooms.Count));
                    break;
                case 7:
                    content.Title = new string('t', random.Next(40)); // an equal string may be a new instance
                    break;
                case 8:
                    content.MessageLog.Add(new LogMessage { Text = "log " + random.Next() });
                    break;
                case 9:
                    content.Player.Name = random.Next(2) == 0 ? "Guybrush" : "Elaine";
                    break;
                case 11 when content.MessageLog.Count > 1:
                    // A log kept to a length (as the sample game's): every message moves up one place.
                    content.MessageLog.RemoveAt(0);
                    content.MessageLog.Add(new LogMessage { Text = "turn " + random.Next() });
                    break;
                case 10 when room is not null:
                    content.Rooms[random.Next(content.Rooms.Count)] = room; // the same room twice: two copies in the snapshot
                    break;
                default:
                    content.PlayTimeSeconds += random.NextDouble();
                    break;
            }
        }
    }
}

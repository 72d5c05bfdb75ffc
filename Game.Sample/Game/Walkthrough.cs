namespace Game.Sample.Game;

/// <summary>The shortest way to the win (with a chat on the way): the demo plays it and the tests check it.</summary>
internal static class Walkthrough
{
    public static readonly IReadOnlyList<string> Commands =
    [
        "look",
        "take shovel",
        "use shovel on sand",
        "take key",
        "north",
        "talk to pip",
        "east",
        "talk to marta",
        "talk to marta",
        "west",
        "west",
        "take oil can",
        "east",
        "north",
        "use key on door",
        "north",
        "up",
        "use oil on lamp",
        "use matches on lamp",
    ];
}

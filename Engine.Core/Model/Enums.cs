namespace Engine.Core.Model;

public enum Direction
{
    North,
    East,
    South,
    West,
    Up,
    Down,
}

public enum CursorKind
{
    Look,
    Use,
    Talk,
    Walk,
}

public enum QuestStatus
{
    NotStarted,
    Active,
    Completed,
    Failed,
}

public enum MessageKind
{
    Narration,
    Speech,
    System,
}

using Engine.Serialization.Errors;

namespace Engine.Serialization.Slots;

/// <summary>
/// A loaded slot. When the slot's newest save was damaged, <see cref="Content"/> is the save before
/// it (the slot's backup) and <see cref="NewestProblem"/> says what was wrong: tell the player.
/// </summary>
public sealed record SlotLoadResult<T>(T Content, SaveException? NewestProblem)
{
    public bool RecoveredFromBackup => NewestProblem is not null;
}

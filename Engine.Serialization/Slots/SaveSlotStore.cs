namespace Engine.Serialization.Slots;

/// <summary>What every <see cref="SaveSlotStore{T}"/> shares: file names and the platform's save folder.</summary>
public static class SaveSlotStore
{
    public const string FileExtension = ".sav";

    /// <summary>Appended to a slot's file name for its backup: "name.sav.bak" is never listed as a slot.</summary>
    public const string BackupExtension = ".bak";

    /// <summary>Appended to a slot's file name for the lock file processes take while they write the slot; it stays, empty.</summary>
    public const string LockExtension = ".lock";

    public const string QuickSlot = "quicksave";

    internal const string AutosavePrefix = "autosave-";

    /// <summary>The platform's per-user data folder for a game: ~/.local/share/GAME/saves on Linux, %LOCALAPPDATA%\GAME\saves on Windows.</summary>
    public static string DefaultDirectory(string gameId)
    {
        ArgumentException.ThrowIfNullOrEmpty(gameId);
        if (!SlotFileName.IsPlain(gameId))
        {
            throw new ArgumentException($"'{gameId}' can't name a folder; use letters, digits, '-', '_' or '.'.", nameof(gameId));
        }

        string root = Environment.GetFolderPath(Environment.SpecialFolder.LocalApplicationData, Environment.SpecialFolderOption.DoNotVerify);
        return Path.Combine(string.IsNullOrEmpty(root) ? Path.GetTempPath() : root, gameId, "saves");
    }

    /// <summary>
    /// The slots of the game <paramref name="gameId"/>, in <paramref name="directory"/> or else its
    /// <see cref="DefaultDirectory"/>: its saves are stamped with the id and its loads refuse another game's saves.
    /// </summary>
    public static SaveSlotStore<T> ForGame<T>(string gameId, string? directory = null, SaveOptions? saveOptions = null, LoadOptions? loadOptions = null) =>
        new(directory ?? DefaultDirectory(gameId),
            (saveOptions ?? SaveOptions.Default) with { GameId = gameId },
            (loadOptions ?? LoadOptions.Default) with { GameId = gameId });
}

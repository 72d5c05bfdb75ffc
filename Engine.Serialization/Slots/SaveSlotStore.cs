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

    /// <summary>
    /// The platform's per-user data folder for a game: ~/.local/share/GAME/saves on Linux ($XDG_DATA_HOME when set),
    /// %LOCALAPPDATA%\GAME\saves on Windows, ~/Library/Application Support/GAME/saves on macOS, and on iOS (and Mac
    /// Catalyst) the app's Library/Application Support/GAME/saves: .NET's LocalApplicationData is Documents there, the
    /// player's own files, which the Files app shows.
    /// </summary>
    public static string DefaultDirectory(string gameId)
    {
        ArgumentException.ThrowIfNullOrEmpty(gameId);
        if (!SlotFileName.IsPlain(gameId))
        {
            throw new ArgumentException($"'{gameId}' can't name a folder; use letters, digits, '-', '_' or '.'.", nameof(gameId));
        }

        string root = OperatingSystem.IsIOS() // Mac Catalyst too
            ? Folder(Environment.SpecialFolder.Resources) is { Length: > 0 } library ? Path.Combine(library, "Application Support") : ""
            : Folder(Environment.SpecialFolder.LocalApplicationData);
        return Path.Combine(root.Length == 0 ? Path.GetTempPath() : root, gameId, "saves");

        static string Folder(Environment.SpecialFolder folder) => Environment.GetFolderPath(folder, Environment.SpecialFolderOption.DoNotVerify);
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

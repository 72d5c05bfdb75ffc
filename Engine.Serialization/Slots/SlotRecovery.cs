using Engine.Serialization.Errors;
using Engine.Serialization.IO;

namespace Engine.Serialization.Slots;

/// <summary>
/// Loads a slot's newest save, or its backup when the newest is damaged, so a crash or a bad disk
/// costs the player one save rather than the slot.
/// </summary>
internal static class SlotRecovery
{
    public static async Task<SlotLoadResult<T>> LoadAsync<T>(SlotFiles files, string slot, LoadOptions options, CancellationToken cancellationToken)
    {
        string path = files.PathOf(slot);
        string backup = files.BackupPathOf(slot);
        if (!FolderEntry.IsThere(path) && !FolderEntry.IsThere(backup))
        {
            throw new SaveIOException($"There is no save in slot '{slot}'.", path);
        }

        SaveException newestProblem;
        try
        {
            return new SlotLoadResult<T>(await LoadAsync<T>(path, options, cancellationToken).ConfigureAwait(false), null);
        }
        catch (SaveException e) when (IsDamage(e) && FolderEntry.IsThere(backup))
        {
            newestProblem = e;
        }

        try
        {
            return new SlotLoadResult<T>(await LoadAsync<T>(backup, options, cancellationToken).ConfigureAwait(false), newestProblem);
        }
        catch (SaveException e) when (IsDamage(e))
        {
            throw new SaveCorruptedException(
                $"The save in slot '{slot}' and its backup are both damaged, so neither can be loaded (the save: {newestProblem.Reason} The backup, {backup}: {e.Reason})",
                path,
                e);
        }
    }

    /// <summary>Loads one of a slot's files, as a file of the folder: a symbolic link in its place is refused.</summary>
    private static Task<T> LoadAsync<T>(string path, LoadOptions options, CancellationToken cancellationToken)
    {
        FolderEntry.RefuseLink(path, "it was not loaded");
        return SaveSerializer.LoadFromFileAsync<T>(path, options, cancellationToken);
    }

    /// <summary>
    /// Damage the backup may stand in for. A save from a newer game, an unknown format or one over
    /// the limits is intact, so falling back would silently lose the player's newest progress.
    /// </summary>
    private static bool IsDamage(SaveException e) =>
        e is SaveCorruptedException or NotASaveFileException || (e is SaveIOException && e.InnerException is FileNotFoundException);
}

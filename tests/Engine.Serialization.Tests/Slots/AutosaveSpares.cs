namespace Engine.Serialization.Tests.Slots;

/// <summary>
/// What a folder of autosaves holds beside the kept ones and the lock: each store's spare, the oldest autosave its last
/// autosave retired, under a temp name of that autosave (".autosave-000004.sav.(id).tmp").
/// </summary>
internal static class AutosaveSpares
{
    /// <summary>
    /// The folder's entries (file names, in order) but the spares, after checking that there are at most
    /// <paramref name="storesWriting"/> of them, each the temp of an autosave older than <paramref name="oldestKept"/>.
    /// </summary>
    public static List<string> EntriesBesideSpares(string folder, int storesWriting, string oldestKept)
    {
        var entries = Directory.GetFileSystemEntries(folder).Select(path => Path.GetFileName(path)!).Order(StringComparer.Ordinal).ToList();
        var spares = entries.Where(name => name.StartsWith(".autosave-", StringComparison.Ordinal) && name.EndsWith(".tmp", StringComparison.Ordinal)).ToList();
        Assert.True(spares.Count <= storesWriting, $"{spares.Count} spares for {storesWriting} stores: {string.Join(", ", spares)}");
        Assert.All(spares, spare => Assert.True(
            string.CompareOrdinal(spare[1..spare.IndexOf('.', 1)], oldestKept) < 0, $"{spare} is no older than {oldestKept}"));
        return entries.Except(spares).ToList();
    }
}

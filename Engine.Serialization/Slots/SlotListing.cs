using Engine.Serialization.Container;
using Engine.Serialization.Errors;
using Engine.Serialization.Text;
using Engine.Serialization.IO;

namespace Engine.Serialization.Slots;

/// <summary>
/// Lists a store's slots from each file's header and metadata alone, leaving thumbnails on disk, so a save menu stays
/// fast and small however large the saves and their thumbnails are; a slot that can't be read is listed with the reason.
/// </summary>
internal static class SlotListing
{
    public static IReadOnlyList<SaveSlot> List(SlotFiles files, Func<string, Stream> open, string modelId, LoadOptions options)
    {
        var slots = new List<SaveSlot>();
        foreach (var (fileName, path) in files.OnDisk())
        {
            var (info, problem) = Read(path, open, options);
            var named = info ?? Read(path + SaveSlotStore.BackupExtension, open, options).Info; // a damaged save's backup knows its name
            string name = TypedName(fileName, named) ?? fileName;
            slots.Add(new SaveSlot(name, info, info is null ? problem : SaveReader.ForeignProblem(info, modelId, options)));
        }

        return [.. slots.OrderByDescending(s => s.Info?.Metadata.SavedAtUtc ?? DateTime.MinValue).ThenBy(s => s.Name, StringComparer.Ordinal)];
    }

    private static (SaveInfo? Info, string? Problem) Read(string path, Func<string, Stream> open, LoadOptions options)
    {
        try
        {
            using var file = open(path);
            return (SaveContainer.ReadInfo(file, options, withThumbnail: false), null);
        }
        catch (SaveException e)
        {
            return (null, e.Message);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return (null, SaveText.Visible(FileSystemRefusal.Unreadable(path, e).Message));
        }
    }

    /// <summary>
    /// The name the slot was saved under, as typed, when the save records one that leads back to this file (a file
    /// copied or renamed by hand keeps the name it was saved under, which would lead to another file).
    /// </summary>
    private static string? TypedName(string fileName, SaveInfo? info) =>
        info?.Metadata.SlotName is { Length: > 0 } typed && SlotFileName.Names(typed, fileName) ? typed : null;
}

using Engine.Serialization.Container;
using Engine.Serialization.Errors;

namespace Engine.Serialization.Slots;

/// <summary>
/// Lists a store's slots from each file's header and metadata alone, so a save menu stays fast however
/// large the saves are; a slot that can't be read is listed with the reason.
/// </summary>
internal static class SlotListing
{
    public static IReadOnlyList<SaveSlot> List(SlotFiles files, Func<string, Stream> open, string modelId, LoadOptions options)
    {
        var slots = new List<SaveSlot>();
        foreach (var (name, path) in files.OnDisk())
        {
            try
            {
                using var file = open(path);
                var info = SaveContainer.ReadInfo(file, options);
                slots.Add(new SaveSlot(name, info, SaveReader.ForeignProblem(info, modelId, options)));
            }
            catch (SaveException e)
            {
                slots.Add(new SaveSlot(name, null, e.Message));
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                slots.Add(new SaveSlot(name, null, $"The save could not be read ({e.Message})."));
            }
        }

        return [.. slots.OrderByDescending(s => s.Info?.Metadata.SavedAtUtc ?? DateTime.MinValue).ThenBy(s => s.Name, StringComparer.Ordinal)];
    }
}

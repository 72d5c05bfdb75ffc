using Engine.Serialization.Formats.MessagePack;

namespace Engine.Serialization.Formats;

/// <summary>The one place where formats are registered: adding a format adds one line here.</summary>
public static class SaveFormats
{
    private static readonly ISaveFormat[] All = [MessagePackSaveFormat.Instance];

    public static IReadOnlyList<ISaveFormat> Registered => All;

    public static ISaveFormat Get(SaveFormat id)
    {
        foreach (var format in All)
        {
            if (format.Id == id)
            {
                return format;
            }
        }

        throw new ArgumentOutOfRangeException(nameof(id), id, "No such save format is registered.");
    }
}

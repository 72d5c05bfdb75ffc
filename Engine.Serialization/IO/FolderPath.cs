namespace Engine.Serialization.IO;

/// <summary>Paths of files in a folder, built as one string (<see cref="Path.Combine(string, string)"/> would build the file's name first).</summary>
internal static class FolderPath
{
    private static readonly string DirectorySeparator = Path.DirectorySeparatorChar.ToString();

    /// <summary>What goes between <paramref name="folder"/> and a name in it: nothing after a root that ends in a separator.</summary>
    public static string SeparatorAfter(string folder) => Path.EndsInDirectorySeparator(folder) ? "" : DirectorySeparator;
}

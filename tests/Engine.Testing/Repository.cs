namespace Engine.Testing;

/// <summary>The repository the tests run from.</summary>
public static class Repository
{
    /// <summary>The folder holding Engine.sln, found above the test assembly's folder.</summary>
    public static string Root { get; } = Find();

    private static string Find()
    {
        for (var folder = new DirectoryInfo(AppContext.BaseDirectory); folder is not null; folder = folder.Parent)
        {
            if (File.Exists(Path.Combine(folder.FullName, "Engine.sln")))
            {
                return folder.FullName;
            }
        }

        throw new InvalidOperationException($"No Engine.sln above {AppContext.BaseDirectory}.");
    }
}

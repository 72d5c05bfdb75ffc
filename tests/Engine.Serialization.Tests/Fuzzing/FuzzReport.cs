namespace Engine.Serialization.Tests.Fuzzing;

/// <summary>Files under artifacts/fuzz/: the counts of inputs tried (build/test.sh prints them) and inputs that broke a rule.</summary>
internal static class FuzzReport
{
    private static readonly Lock Gate = new();

    public static string Folder { get; } = Path.Combine(RepositoryRoot(), "artifacts", "fuzz");

    /// <summary>Writes (replaces) one report file.</summary>
    public static void Write(string fileName, string text)
    {
        lock (Gate)
        {
            Directory.CreateDirectory(Folder);
            File.WriteAllText(Path.Combine(Folder, fileName), text + Environment.NewLine);
        }
    }

    /// <summary>Keeps an input that broke a rule, to replay it; returns its path.</summary>
    public static string KeepInput(string fileName, byte[] input)
    {
        string folder = Path.Combine(Folder, "violations");
        Directory.CreateDirectory(folder);
        string path = Path.Combine(folder, fileName);
        File.WriteAllBytes(path, input);
        return path;
    }

    private static string RepositoryRoot()
    {
        for (var folder = new DirectoryInfo(AppContext.BaseDirectory); folder is not null; folder = folder.Parent)
        {
            if (File.Exists(Path.Combine(folder.FullName, "Engine.sln")))
            {
                return folder.FullName;
            }
        }

        return Path.GetTempPath();
    }
}

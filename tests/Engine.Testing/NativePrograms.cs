using System.Diagnostics;
using System.Xml.Linq;

namespace Engine.Testing;

/// <summary>
/// The NativeAOT programs the tests launch (build/native-programs.txt lists them). build/test.sh publishes them all and
/// names each in its variable; without it (<c>dotnet test Engine.sln</c>, an IDE's runner) the first test that needs one
/// publishes it with build/publish-native.sh, once for the whole run (test assemblies run in parallel processes, so a
/// lock file keeps them to one publish), and reuses a publish no source file is newer than.
/// </summary>
public static class NativePrograms
{
    private static readonly string[] SourceExtensions = [".cs", ".csproj", ".props", ".targets", ".proto", ".json", ".resx"];
    private static readonly Dictionary<string, Lazy<string>> Published = Read()
        .ToDictionary(program => program.Variable, program => new Lazy<string>(() => Publish(program)));

    /// <summary>
    /// The binary of the program named by <paramref name="variable"/>: the one the variable names when set, else this
    /// repository's publish of it, published now if missing or older than the sources.
    /// </summary>
    public static string Path(string variable)
    {
        if (Environment.GetEnvironmentVariable(variable) is { Length: > 0 } named)
        {
            return File.Exists(named) ? named : throw new InvalidOperationException($"{variable} names {named}, which does not exist.");
        }

        return Published.TryGetValue(variable, out var published)
            ? published.Value
            : throw new ArgumentException($"build/native-programs.txt lists no program for {variable}.", nameof(variable));
    }

    private sealed record Program(string Variable, string Project, string Name, string[] Arguments);

    private static IEnumerable<Program> Read() =>
        from line in File.ReadLines(System.IO.Path.Combine(Repository.Root, "build", "native-programs.txt"))
        where line.Length > 0 && !line.StartsWith('#')
        let fields = line.Split(' ', StringSplitOptions.RemoveEmptyEntries)
        select new Program(fields[0], fields[1], fields[2], fields[3..]);

    private static string Publish(Program program)
    {
        string artifacts = System.IO.Path.Combine(Repository.Root, "artifacts");
        Directory.CreateDirectory(artifacts);
        string record = System.IO.Path.Combine(artifacts, $"native-publish-{program.Name}.path");
        using var held = Lock(System.IO.Path.Combine(artifacts, $"native-publish-{program.Name}.lock"));
        if (File.Exists(record) && File.ReadAllText(record).Trim() is { Length: > 0 } binary && File.Exists(binary)
            && File.GetLastWriteTimeUtc(binary) >= NewestSource(program.Project))
        {
            return binary;
        }

        var start = new ProcessStartInfo("bash") { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (string argument in (string[])[System.IO.Path.Combine(Repository.Root, "build", "publish-native.sh"), program.Project, program.Name, .. program.Arguments])
        {
            start.ArgumentList.Add(argument);
        }

        using var process = Process.Start(start)!;
        var errors = process.StandardError.ReadToEndAsync();
        string output = process.StandardOutput.ReadToEnd();
        process.WaitForExit();
        return process.ExitCode == 0
            ? output.Trim()
            : throw new InvalidOperationException($"The native publish of {program.Project} as {program.Name} failed:\n{errors.Result}");
    }

    /// <summary>The lock every test process takes before publishing a program; another holding it is publishing it.</summary>
    private static FileStream Lock(string path)
    {
        var waited = Stopwatch.StartNew();
        while (true)
        {
            try
            {
                return new FileStream(path, FileMode.OpenOrCreate, FileAccess.ReadWrite, FileShare.None);
            }
            catch (IOException) when (waited.Elapsed < TimeSpan.FromMinutes(20))
            {
                Thread.Sleep(500);
            }
        }
    }

    /// <summary>
    /// When a source file <paramref name="project"/> is built from last changed: those in its folder and the folders of
    /// the projects it references, the Directory.Build files above them, and the repository's own build settings.
    /// </summary>
    private static DateTime NewestSource(string project)
    {
        var newest = File.GetLastWriteTimeUtc(System.IO.Path.Combine(Repository.Root, "build", "publish-native.sh"));
        foreach (var file in Directory.EnumerateFiles(Repository.Root).Where(IsSource))
        {
            newest = Max(newest, File.GetLastWriteTimeUtc(file));
        }

        foreach (var folder in ProjectFolders(System.IO.Path.GetFullPath(System.IO.Path.Combine(Repository.Root, project))))
        {
            for (var above = new DirectoryInfo(folder).Parent; above is not null && above.FullName.Length > Repository.Root.Length; above = above.Parent)
            {
                foreach (var file in above.EnumerateFiles("Directory.Build.*"))
                {
                    newest = Max(newest, file.LastWriteTimeUtc);
                }
            }

            foreach (var file in SourcesUnder(new DirectoryInfo(folder)))
            {
                newest = Max(newest, file.LastWriteTimeUtc);
            }
        }

        return newest;
    }

    /// <summary>The folders of <paramref name="project"/> and of every project it references, directly or not.</summary>
    private static HashSet<string> ProjectFolders(string project)
    {
        var folders = new HashSet<string>(StringComparer.Ordinal);
        var pending = new Stack<string>([project]);
        while (pending.TryPop(out var next))
        {
            string folder = System.IO.Path.GetDirectoryName(next)!;
            if (!folders.Add(folder))
            {
                continue;
            }

            foreach (var reference in XDocument.Load(next).Descendants("ProjectReference"))
            {
                string include = ((string?)reference.Attribute("Include") ?? "").Replace('\\', System.IO.Path.DirectorySeparatorChar);
                pending.Push(System.IO.Path.GetFullPath(System.IO.Path.Combine(folder, include)));
            }
        }

        return folders;
    }

    private static IEnumerable<FileInfo> SourcesUnder(DirectoryInfo folder)
    {
        var folders = new Stack<DirectoryInfo>([folder]);
        while (folders.TryPop(out var next))
        {
            foreach (var entry in next.EnumerateFileSystemInfos())
            {
                if (entry is DirectoryInfo child && child.Name is not ("bin" or "obj") && child.LinkTarget is null)
                {
                    folders.Push(child);
                }
                else if (entry is FileInfo file && IsSource(file.FullName))
                {
                    yield return file;
                }
            }
        }
    }

    private static bool IsSource(string file) => SourceExtensions.Contains(System.IO.Path.GetExtension(file), StringComparer.Ordinal);

    private static DateTime Max(DateTime a, DateTime b) => a > b ? a : b;
}

using Xunit;

namespace Engine.Testing;

/// <summary>
/// A save folder in a state a player's machine can put it in, and how to run a program so that the state binds it. The
/// tests run as root, whom permissions don't bind: then the program runs as another user (nobody, through setpriv) and
/// root keeps the folder's files; as any other user, the modes alone bind. A read-only file system is a read-only bind
/// mount of the folder in a mount namespace of the program's own (unshare), so no other process sees it and nothing is
/// left mounted when the program ends.
/// </summary>
/// <param name="Name">What the player's folder is like, for test names and messages.</param>
/// <param name="Prepare">Turns a folder of saves and their lock files into this state.</param>
/// <param name="Wrapper">The command, and its arguments, to run the program under; the folder is the last of them for a mount.</param>
/// <param name="WriteRefusal">What the message of a refused write says (every condition refuses writes).</param>
/// <param name="LoadRefusal">What the message of a refused load says, when it refuses loading a save the program names.</param>
/// <param name="ListRefusal">What the message of a refused listing says, when it refuses listing the folder.</param>
public sealed record FolderCondition(
    string Name,
    Action<string> Prepare,
    Func<string, IReadOnlyList<string>> Wrapper,
    string WriteRefusal,
    string? LoadRefusal = null,
    string? ListRefusal = null)
{
    private const string Unlisted = "could not be listed";

    private const int Nobody = 65534;

    private static readonly Dictionary<string, string> Reachable = [];

    public static readonly FolderCondition ReadOnlyFolder = new(
        "a read-only folder",
        folder => SetMode(folder, "r-xr-xr-x"),
        _ => AsThePlayer,
        "permission denied");

    public static readonly FolderCondition ReadOnlyFileSystem = new(
        "a read-only file system",
        _ => { },
        folder =>
        [
            "unshare", .. Environment.IsPrivilegedProcess ? ["--mount", "--propagation", "private"] : new[] { "--map-root-user", "--mount" },
            "sh", "-c", "mount --bind -o ro \"$0\" \"$0\" && exec \"$@\"", folder,
        ],
        "the file system is read-only");

    /// <summary>The slots' lock files are another user's (root's, after the game ran with sudo) and read-only; the folder and saves are the player's.</summary>
    public static readonly FolderCondition ForeignLockFiles = new(
        "a foreign lock file",
        folder =>
        {
            if (Environment.IsPrivilegedProcess)
            {
                foreach (string entry in Directory.GetFileSystemEntries(folder, "*", new EnumerationOptions { AttributesToSkip = 0 }).Append(folder))
                {
                    SetMode(entry, Directory.Exists(entry) ? "rwxr-xr-x" : "rw-r--r--");
                    Chown(entry, Nobody);
                }
            }

            foreach (string lockFile in LockFiles(folder))
            {
                Chown(lockFile, 0);
                SetMode(lockFile, "r--r--r--");
            }
        },
        _ => AsThePlayer,
        "permission denied");

    public static readonly FolderCondition LockPathIsAFolder = new(
        "a lock path that is a folder",
        folder =>
        {
            foreach (string lockFile in LockFiles(folder))
            {
                File.Delete(lockFile);
                Directory.CreateDirectory(lockFile);
            }
        },
        _ => [],
        "a folder is where the file belongs");

    /// <summary>A folder the player may neither list nor enter: another user's, mode 700.</summary>
    public static readonly FolderCondition UnlistableFolder = new(
        "an unlistable folder",
        folder => SetMode(folder, Environment.IsPrivilegedProcess ? "rwx------" : "---------"),
        _ => AsThePlayer,
        "permission denied",
        LoadRefusal: "permission denied",
        ListRefusal: Unlisted);

    /// <summary>
    /// A folder the player may enter and write but not list (mode 733, or 300 for its owner): a file it names is reached,
    /// and its lock files are its own to make.
    /// </summary>
    public static readonly FolderCondition UnlistableWritableFolder = new(
        "an unlistable but writable folder",
        folder =>
        {
            foreach (string lockFile in LockFiles(folder))
            {
                File.Delete(lockFile);
            }

            SetMode(folder, Environment.IsPrivilegedProcess ? "rwx-wx-wx" : "-wx------");
        },
        _ => AsThePlayer,
        Unlisted,
        ListRefusal: Unlisted);

    public static IEnumerable<FolderCondition> All =>
        [ReadOnlyFolder, ReadOnlyFileSystem, ForeignLockFiles, LockPathIsAFolder, UnlistableFolder, UnlistableWritableFolder];

    public static FolderCondition Named(string name) => All.Single(condition => condition.Name == name);

    /// <summary>Every condition's name with every command: the cells of a test's matrix, as MemberData rows.</summary>
    public static IEnumerable<object[]> Cells(IEnumerable<string> commands) =>
        All.SelectMany(condition => commands.Select(command => new object[] { condition.Name, command }));

    /// <summary>What the message of a program refused <paramref name="use"/> of the folder says; null when this condition allows it.</summary>
    public string? Refusal(FolderUse use) => use switch
    {
        FolderUse.Writing => WriteRefusal,
        FolderUse.Loading => LoadRefusal,
        _ => ListRefusal,
    };

    /// <summary>
    /// A new empty folder for saves, inside a temp folder any user may enter (.NET makes temp folders 700), so that the
    /// program run as the player reaches it; delete <paramref name="root"/> afterwards.
    /// </summary>
    public static string NewSaveFolder(string prefix, out string root)
    {
        root = Directory.CreateTempSubdirectory(prefix).FullName;
        SetMode(root, "rwxr-xr-x");
        return Directory.CreateDirectory(Path.Combine(root, "saves")).FullName;
    }

    /// <summary>Deletes what <see cref="NewSaveFolder"/> made, whatever state the folder was left in.</summary>
    public static void Delete(string root)
    {
        MakeReachable(root);
        Directory.Delete(root, recursive: true);
    }

    /// <summary>Gives the folders under <paramref name="folder"/> back to the test's user, to read, list and delete.</summary>
    public static void MakeReachable(string folder)
    {
        SetMode(folder, "rwx------");
        foreach (string inside in Directory.GetDirectories(folder, "*", new EnumerationOptions { AttributesToSkip = 0 }))
        {
            if (new DirectoryInfo(inside).LinkTarget is null)
            {
                MakeReachable(inside);
            }
        }
    }

    /// <summary>
    /// The program at <paramref name="executable"/>, copied once per test run into a temp folder any user may enter, so
    /// that run as the player (nobody) it starts wherever the checkout lies (a clone under a 700 home folder too).
    /// </summary>
    public static string ReachableCopy(string executable)
    {
        lock (Reachable)
        {
            if (!Reachable.TryGetValue(executable, out string? copy))
            {
                string folder = Directory.CreateTempSubdirectory("reachable-program-").FullName;
                SetMode(folder, "rwxr-xr-x");
                copy = Path.Combine(folder, Path.GetFileName(executable));
                File.Copy(executable, copy);
                SetMode(copy, "rwxr-xr-x");
                Reachable.Add(executable, copy);
                AppDomain.CurrentDomain.ProcessExit += (_, _) => Directory.Delete(folder, recursive: true);
            }

            return copy;
        }
    }

    public override string ToString() => Name;

    /// <summary>The command a program runs under to be the player: nobody when the tests run as root.</summary>
    private static IReadOnlyList<string> AsThePlayer =>
        Environment.IsPrivilegedProcess ? ["setpriv", $"--reuid={Nobody}", $"--regid={Nobody}", "--clear-groups"] : [];

    private static IEnumerable<string> LockFiles(string folder) =>
        Directory.GetFiles(folder, "*", new EnumerationOptions { AttributesToSkip = 0 })
            .Where(path => path.EndsWith(".lock", StringComparison.Ordinal) || Path.GetFileName(path) == ".autosave-lock");

    private static void Chown(string path, int user)
    {
        if (Environment.IsPrivilegedProcess)
        {
            using var chown = System.Diagnostics.Process.Start("chown", ["-h", $"{user}:{user}", path]);
            chown.WaitForExit();
            Assert.Equal(0, chown.ExitCode);
        }
    }

    private static void SetMode(string path, string symbolic)
    {
        if (OperatingSystem.IsWindows())
        {
            throw new PlatformNotSupportedException("Folder conditions are made with Unix modes, owners and mounts.");
        }

        File.SetUnixFileMode(path, Mode(symbolic));
    }

    private static UnixFileMode Mode(string symbolic)
    {
        var mode = UnixFileMode.None;
        UnixFileMode[] bits =
        [
            UnixFileMode.UserRead, UnixFileMode.UserWrite, UnixFileMode.UserExecute,
            UnixFileMode.GroupRead, UnixFileMode.GroupWrite, UnixFileMode.GroupExecute,
            UnixFileMode.OtherRead, UnixFileMode.OtherWrite, UnixFileMode.OtherExecute,
        ];
        for (int i = 0; i < bits.Length; i++)
        {
            mode |= symbolic[i] == '-' ? UnixFileMode.None : bits[i];
        }

        return mode;
    }
}

/// <summary>What a program does with a save folder.</summary>
public enum FolderUse
{
    Writing,
    Loading,
    Listing,
}

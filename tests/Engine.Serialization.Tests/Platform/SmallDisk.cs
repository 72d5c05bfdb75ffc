using System.Diagnostics;

namespace Engine.Serialization.Tests.Platform;

/// <summary>
/// A folder on a disk of 1 MiB that the tests may fill. On Linux a tmpfs mounted here (mounting needs root, which the
/// tests run as); elsewhere, and under Wine, a folder inside the small disk that SMALL_DISK names (build/test-windows.sh
/// mounts a tmpfs there before it starts Wine, since a Windows program can't mount one).
/// </summary>
internal sealed class SmallDisk : IDisposable
{
    private readonly bool _mounted;

    private SmallDisk(string folder, bool mounted)
    {
        Folder = folder;
        _mounted = mounted;
    }

    public string Folder { get; }

    public static SmallDisk Create()
    {
        if (Environment.GetEnvironmentVariable("SMALL_DISK") is { Length: > 0 } disk)
        {
            string inside = Path.Combine(disk, $"full-disk-{Guid.NewGuid():N}");
            return new SmallDisk(Directory.CreateDirectory(inside).FullName, mounted: false);
        }

        if (!OperatingSystem.IsLinux() || !Environment.IsPrivilegedProcess)
        {
            throw new InvalidOperationException(
                "A full disk here is a tmpfs that the test mounts, which needs root on Linux; elsewhere, name a small disk's folder in SMALL_DISK.");
        }

        string folder = Directory.CreateTempSubdirectory("engine-small-disk-").FullName;
        Run("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", folder);
        return new SmallDisk(folder, mounted: true);
    }

    /// <summary>
    /// Writes a file into the folder until the disk refuses more, so that the next write of any size fails; fails the
    /// test if 16 MiB fit, which no disk of 1 MiB holds (the folder is then on a larger disk, which must not be filled).
    /// </summary>
    public void Fill()
    {
        byte[] chunk = new byte[4096];
        using var filler = new FileStream(Path.Combine(Folder, "filler"), FileMode.CreateNew, FileAccess.Write, FileShare.None, bufferSize: 1);
        for (int written = 0; written < 16 << 20; written += chunk.Length)
        {
            try
            {
                filler.Write(chunk);
            }
            catch (IOException)
            {
                return; // full
            }
        }

        Assert.Fail($"16 MiB fit into {Folder}, which is not on a small disk.");
    }

    public void Dispose()
    {
        if (_mounted)
        {
            Run("umount", Folder);
        }

        Directory.Delete(Folder, recursive: true);
    }

    private static void Run(string program, params string[] arguments)
    {
        using var process = Process.Start(program, arguments);
        process.WaitForExit();
        Assert.True(process.ExitCode == 0, $"{program} {string.Join(' ', arguments)} exited with {process.ExitCode}.");
    }
}

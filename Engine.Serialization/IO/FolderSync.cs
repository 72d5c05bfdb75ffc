using System.Runtime.InteropServices;

namespace Engine.Serialization.IO;

/// <summary>
/// Flushes a folder's entries to disk, so that a rename in it survives a power cut. .NET has no API
/// for it: on Unix it is fsync on the folder opened read-only; Windows (NTFS journals renames) and
/// platforms without libc need nothing.
/// </summary>
internal static partial class FolderSync
{
    private const int ReadOnly = 0;

    public static void Flush(string folder)
    {
        if (!OperatingSystem.IsLinux() && !OperatingSystem.IsMacOS() && !OperatingSystem.IsFreeBSD())
        {
            return;
        }

        int fd = Open(folder, ReadOnly);
        if (fd < 0)
        {
            throw new IOException($"The folder could not be opened to flush it (errno {Marshal.GetLastPInvokeError()}).");
        }

        try
        {
            if (FSync(fd) != 0)
            {
                throw new IOException($"The folder could not be flushed to disk (errno {Marshal.GetLastPInvokeError()}).");
            }
        }
        finally
        {
            _ = Close(fd);
        }
    }

    [LibraryImport("libc", EntryPoint = "open", StringMarshalling = StringMarshalling.Utf8, SetLastError = true)]
    private static partial int Open(string path, int flags);

    [LibraryImport("libc", EntryPoint = "fsync", SetLastError = true)]
    private static partial int FSync(int fd);

    [LibraryImport("libc", EntryPoint = "close")]
    private static partial int Close(int fd);
}

using System.Runtime.InteropServices;

namespace Engine.Serialization.IO;

/// <summary>
/// Flushes a folder's entries to disk, so that a rename in it survives a power cut. .NET has no API
/// for it: on Unix it is fsync on the folder opened read-only; Windows (NTFS journals renames) and
/// platforms without libc need nothing.
/// </summary>
internal static class FolderSync
{
    public static void Flush(string folder)
    {
        if (!Posix.IsAvailable)
        {
            return;
        }

        int fd = Posix.Open(folder, Posix.OpenReadOnly);
        if (fd < 0)
        {
            throw Refused("The folder could not be opened to flush it", folder);
        }

        try
        {
            if (Posix.FSync(fd) != 0)
            {
                throw Refused("The folder could not be flushed to disk", folder);
            }
        }
        finally
        {
            _ = Posix.Close(fd);
        }
    }

    /// <summary>An IOException carrying the errno as its HResult, as .NET's own are on Unix.</summary>
    private static IOException Refused(string what, string folder)
    {
        int error = Marshal.GetLastPInvokeError();
        return new IOException($"{what}: {Marshal.GetPInvokeErrorMessage(error)} : '{folder}'", error);
    }
}

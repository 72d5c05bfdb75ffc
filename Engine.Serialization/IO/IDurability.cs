using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace Engine.Serialization.IO;

/// <summary>How a written file, and then a rename in its folder, reach the disk: the durability steps of a save.</summary>
internal interface IDurability
{
    /// <summary>Puts an open file's data and length on the disk itself; an <see cref="IOException"/> when the system refuses.</summary>
    void FlushFile(SafeFileHandle file);

    /// <summary>Puts the folder's entries (a rename in it) on the disk; an <see cref="IOException"/> when the system refuses.</summary>
    void FlushFolder(string folder);
}

/// <summary>Linux, Android and FreeBSD: fsync on the file, and fsync on the folder opened read-only.</summary>
internal sealed class PosixDurability : IDurability
{
    public void FlushFile(SafeFileHandle file) => RandomAccess.FlushToDisk(file);

    public void FlushFolder(string folder)
    {
        using var handle = Posix.OpenFolder(folder);
        if (Posix.FSync(handle) != 0)
        {
            throw Posix.Refused("The folder could not be flushed to disk", folder);
        }
    }
}

/// <summary>
/// macOS, iOS, tvOS and Mac Catalyst, where fsync puts the data in the drive's cache, which may write it late and out of
/// order: fcntl F_FULLFSYNC asks the drive to write its cache too. A file system that doesn't offer it (some network
/// and FAT volumes) gets fsync instead, as SQLite does.
/// </summary>
internal sealed partial class AppleDurability : IDurability
{
    private const int FullFSync = 51; // F_FULLFSYNC, sys/fcntl.h

    public void FlushFile(SafeFileHandle file)
    {
        if (FControl(file, FullFSync) != 0)
        {
            RandomAccess.FlushToDisk(file);
        }
    }

    public void FlushFolder(string folder)
    {
        using var handle = Posix.OpenFolder(folder);
        if (FControl(handle, FullFSync) != 0 && Posix.FSync(handle) != 0)
        {
            throw Posix.Refused("The folder could not be flushed to disk", folder);
        }
    }

    // fcntl is variadic; F_FULLFSYNC takes no third argument, so the call passes only the two fixed ones (on Apple's
    // arm64, variadic arguments would go on the stack, not in registers).
    [LibraryImport("libc", EntryPoint = "fcntl", SetLastError = true)]
    private static partial int FControl(SafeFileHandle file, int command);
}

/// <summary>
/// Windows: FlushFileBuffers on the file (which also asks the drive to write its cache). A folder has no flush of its
/// own: NTFS writes a rename to its journal, so after a power cut the rename is either whole or not there, and the
/// slot loads the previous save in the second case. Systems with no C library to call (no Unix) are served the same.
/// </summary>
internal sealed class WindowsDurability : IDurability
{
    public void FlushFile(SafeFileHandle file) => RandomAccess.FlushToDisk(file);

    public void FlushFolder(string folder)
    {
        // Nothing to do: see the class's summary.
    }
}

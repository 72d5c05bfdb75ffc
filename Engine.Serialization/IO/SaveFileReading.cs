using System.Runtime.InteropServices;
using Engine.Serialization.Errors;

namespace Engine.Serialization.IO;

/// <summary>
/// Opens a save file to read, refusing at once what can't be one. A folder is refused by name; a file of no length is
/// refused before it is opened, because that is also how a pipe, a socket or a device looks, and opening a pipe with
/// no writer would wait forever. On Linux one more stat names which of those it is.
/// </summary>
internal static partial class SaveFileReading
{
    public static FileStream Open(string path, int bufferSize = 1, FileOptions options = FileOptions.None)
    {
        RefuseWhatIsNoFile(path);
        return new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, bufferSize, options);
    }

    /// <summary>Throws for a folder, and for an empty file or one that isn't a regular file; a missing file is left to the open.</summary>
    public static void RefuseWhatIsNoFile(string path)
    {
        // One stat tells all three apart: a folder "doesn't exist" as a file but has the Directory attribute.
        var file = new FileInfo(path);
        if (file.Exists && file.Length == 0)
        {
            throw new SaveCorruptedException(
                KindOfEntry(path) switch
                {
                    EntryKind.File => "The file is empty: it holds no save.",
                    EntryKind.Pipe => "The path is a pipe (FIFO), not a save file: nothing was read from it.",
                    EntryKind.Socket => "The path is a socket, not a save file: nothing was read from it.",
                    EntryKind.Device => "The path is a device, not a save file: nothing was read from it.",
                    _ => "The file is empty, or it is a pipe, socket or device rather than a file: it holds no save.",
                },
                path);
        }

        if (!file.Exists && file.Attributes != (FileAttributes)(-1) && file.Attributes.HasFlag(FileAttributes.Directory))
        {
            throw new SaveIOException("The path is a folder, not a save file.", path);
        }
    }

    private enum EntryKind
    {
        Unknown,
        File,
        Pipe,
        Socket,
        Device,
    }

    // statx(2): its buffer has one layout on every Linux architecture, unlike stat's.
    private const int AtCurrentFolder = -100;
    private const uint StatxType = 0x1;
    private const int StatxSize = 256;
    private const int StatxModeOffset = 28;

    /// <summary>What the entry at <paramref name="path"/> is, from its mode's type bits; Unknown off Linux or when statx fails.</summary>
    private static unsafe EntryKind KindOfEntry(string path)
    {
        if (!OperatingSystem.IsLinux())
        {
            return EntryKind.Unknown;
        }

        byte* status = stackalloc byte[StatxSize];
        try
        {
            if (Statx(AtCurrentFolder, path, 0, StatxType, status) != 0)
            {
                return EntryKind.Unknown;
            }
        }
        catch (EntryPointNotFoundException)
        {
            return EntryKind.Unknown; // a C library older than statx
        }

        return (*(ushort*)(status + StatxModeOffset) & 0xF000) switch
        {
            0x8000 => EntryKind.File,
            0x1000 => EntryKind.Pipe,
            0xC000 => EntryKind.Socket,
            0x2000 or 0x6000 => EntryKind.Device,
            _ => EntryKind.Unknown,
        };
    }

    [LibraryImport("libc", EntryPoint = "statx", StringMarshalling = StringMarshalling.Utf8)]
    private static unsafe partial int Statx(int folder, string path, int flags, uint mask, byte* status);
}

using System.Runtime.InteropServices;

namespace Engine.Serialization.IO;

/// <summary>How a new file takes an existing file's name, the old one kept under a backup name.</summary>
internal interface IFileReplacing
{
    /// <summary>
    /// Renames <paramref name="replacement"/> over <paramref name="replaced"/>, which becomes <paramref name="backup"/>;
    /// each step waits out another process's open of the files (<see cref="IFileContention"/>).
    /// </summary>
    void Replace(string replacement, string replaced, string backup);
}

/// <summary>Unix: File.Replace links the old file as the backup, then renames the new one over it: the name never goes missing.</summary>
internal sealed class LinkThenRenameReplacing : IFileReplacing
{
    public void Replace(string replacement, string replaced, string backup) =>
        File.Replace(replacement, replaced, backup, ignoreMetadataErrors: true);
}

/// <summary>
/// Windows: File.Replace is ReplaceFile, which renames the old file to the backup before it renames the new one in, so a
/// load in between finds no file. As on Unix, the old file is hard-linked as the backup (CreateHardLink, then MoveFileEx
/// over the backup) and the new one renamed over it (MoveFileEx with MOVEFILE_REPLACE_EXISTING); a volume without hard
/// links (FAT, exFAT) gets ReplaceFile.
/// </summary>
internal sealed partial class HardLinkThenRenameReplacing(IFileContention contention) : IFileReplacing
{
    // ERROR_INVALID_FUNCTION and ERROR_NOT_SUPPORTED: the volume has no hard links. ERROR_ACCESS_DENIED.
    private const int InvalidFunction = 1;
    private const int NotSupported = 50;
    private const int AccessDenied = 5;

    public void Replace(string replacement, string replaced, string backup)
    {
        // The link gets a temp name first and is renamed over the backup: a reader may hold the old backup open, which
        // Windows lets a rename wait on but leaves a deleted file's name taken until it is closed. Each rename waits on
        // its own: a load holding the file refuses renaming any of its names, the link included, and a link made again
        // on every try would be left behind by the tries whose link could not be deleted either.
        string link = AtomicFile.TempPathFor(Path.GetDirectoryName(replaced)!, replaced);
        if (!CreateHardLink(link, replaced, 0))
        {
            int error = Marshal.GetLastPInvokeError();
            if (error is InvalidFunction or NotSupported)
            {
                contention.Retry(() => File.Replace(replacement, replaced, backup, ignoreMetadataErrors: true), deniedIsBusy: true);
                return;
            }

            // As .NET reports Win32 errors: access denied on its own, any other as an IOException carrying its HRESULT.
            string message = $"{Marshal.GetPInvokeErrorMessage(error)} : '{replaced}'";
            throw error == AccessDenied ? new UnauthorizedAccessException(message) : new IOException(message, unchecked((int)0x80070000) | error);
        }

        try
        {
            contention.Retry(() => File.Move(link, backup, overwrite: true), deniedIsBusy: true);
        }
        catch
        {
            AtomicFile.DeleteQuietly(link); // else the slot's next save deletes it (SlotFiles)
            throw;
        }

        contention.Retry(() => File.Move(replacement, replaced, overwrite: true), deniedIsBusy: true);
    }

    [LibraryImport("kernel32.dll", EntryPoint = "CreateHardLinkW", StringMarshalling = StringMarshalling.Utf16, SetLastError = true)]
    [return: MarshalAs(UnmanagedType.Bool)]
    private static partial bool CreateHardLink(string link, string existing, nint reserved);
}

using System.Runtime.InteropServices;

namespace Engine.Serialization.IO;

/// <summary>How a new file takes an existing file's name, the old one kept under a backup name.</summary>
internal interface IFileReplacing
{
    /// <summary>Renames <paramref name="replacement"/> over <paramref name="replaced"/>, which becomes <paramref name="backup"/>.</summary>
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
internal sealed partial class HardLinkThenRenameReplacing : IFileReplacing
{
    // ERROR_INVALID_FUNCTION and ERROR_NOT_SUPPORTED: the volume has no hard links. ERROR_ACCESS_DENIED.
    private const int InvalidFunction = 1;
    private const int NotSupported = 50;
    private const int AccessDenied = 5;

    public void Replace(string replacement, string replaced, string backup)
    {
        // The link gets a temp name first and is renamed over the backup: a reader may hold the old backup open, which
        // Windows lets a rename wait on (IFileContention) but leaves a deleted file's name taken until it is closed.
        string link = AtomicFile.TempPathFor(Path.GetDirectoryName(replaced)!, replaced);
        if (!CreateHardLink(link, replaced, 0))
        {
            int error = Marshal.GetLastPInvokeError();
            if (error is InvalidFunction or NotSupported)
            {
                File.Replace(replacement, replaced, backup, ignoreMetadataErrors: true);
                return;
            }

            // As .NET reports Win32 errors: access denied on its own, any other as an IOException carrying its HRESULT.
            string message = $"{Marshal.GetPInvokeErrorMessage(error)} : '{replaced}'";
            throw error == AccessDenied ? new UnauthorizedAccessException(message) : new IOException(message, unchecked((int)0x80070000) | error);
        }

        try
        {
            File.Move(link, backup, overwrite: true);
        }
        catch
        {
            AtomicFile.DeleteQuietly(link);
            throw;
        }

        File.Move(replacement, replaced, overwrite: true);
    }

    [LibraryImport("kernel32.dll", EntryPoint = "CreateHardLinkW", StringMarshalling = StringMarshalling.Utf16, SetLastError = true)]
    [return: MarshalAs(UnmanagedType.Bool)]
    private static partial bool CreateHardLink(string link, string existing, nint reserved);
}

namespace Engine.Serialization.IO;

/// <summary>What is at a path the engine writes in place is not a regular file: a link, a folder, a pipe...</summary>
internal sealed class NotAFileException(string path, EntryKind kind) : IOException($"'{path}' is {Describe(kind)}, not a file.")
{
    public EntryKind Kind { get; } = kind;

    public static string Describe(EntryKind kind) => kind switch
    {
        EntryKind.Link => "a symbolic link",
        EntryKind.Folder => "a folder",
        EntryKind.Pipe => "a pipe (FIFO)",
        EntryKind.Socket => "a socket",
        EntryKind.Device => "a device",
        _ => "something other than a file",
    };
}

using System.Buffers;
using System.Xml.Linq;
using Engine.Serialization.Compression;
using Engine.Serialization.Container;
using Engine.Serialization.Documents;
using Engine.Serialization.Errors;
using Engine.Serialization.Formats;
using Engine.Serialization.Formats.Xml;
using Engine.Serialization.Internal;
using Engine.Serialization.IO;
using Engine.Serialization.Migrations;
using Engine.Serialization.Slots;

namespace Engine.Serialization.Inspection;

/// <summary>
/// What a tool that reads and writes save files of any model (savetool) needs beyond a game's API: a file read, checked
/// and written as the loads and the slot stores do, whether or not this program has the save's model.
/// </summary>
public static class SaveFileTools
{
    /// <summary>The container's header, in bytes (docs/FORMAT.md).</summary>
    public const int HeaderSize = SaveContainer.HeaderSize;

    /// <summary>How deep a save's documents may nest objects and collections; a load refuses deeper ones.</summary>
    public const int MaxDepth = SaveMetadataFormatterResolver.MaxDepth;

    /// <summary>A whole save file, refusing one larger than a load reads (<see cref="LoadOptions.Default"/>).</summary>
    /// <exception cref="SaveException">The file can't be read, or is too large.</exception>
    public static ReadOnlyMemory<byte> Read(string path) => SaveReader.ReadFileBytes(path, LoadOptions.Default);

    /// <summary>A save file's header as written, and which of its checksums hold, without refusing anything they show.</summary>
    /// <exception cref="SaveException">The bytes are not a save file.</exception>
    public static ContainerChecks Inspect(ReadOnlySpan<byte> file) => SaveContainer.Inspect(file);

    /// <summary>A save file's header and metadata, read without the payload: intact where the payload may not be.</summary>
    /// <exception cref="SaveException">The header or metadata is damaged.</exception>
    public static SaveInfo ReadInfo(ReadOnlyMemory<byte> file)
    {
        using var stream = PayloadStream.Over(file);
        return SaveContainer.ReadInfo(stream, LoadOptions.Default);
    }

    /// <summary>
    /// A save file of <paramref name="payload"/> (a bare document of <paramref name="info"/>'s format) with the format,
    /// compression, schema version and metadata of <paramref name="info"/>.
    /// </summary>
    public static void Write(IBufferWriter<byte> output, SaveInfo info, ReadOnlySpan<byte> payload, Lz4Level level)
    {
        ArgumentNullException.ThrowIfNull(info);
        var header = info.Header;
        var stored = new ArrayBufferWriter<byte>();
        PayloadCompression.Compress(header.Compression, payload, stored, level);
        SaveContainer.Write(output, header.Format, header.Compression, header.SchemaVersion, info.Metadata, stored.WrittenSpan, payload.Length);
    }

    /// <summary>
    /// A payload as the document migration steps edit, its whole structure read (nesting bounded by
    /// <see cref="MaxDepth"/>); null for protobuf, which numbers its fields and needs the model's record of them.
    /// </summary>
    /// <exception cref="SaveException">The payload is not a document of <paramref name="format"/>.</exception>
    public static SaveDocument? OpenDocument(SaveFormat format, ReadOnlyMemory<byte> payload) => SaveDocuments.Open(format, payload);

    /// <summary>An XML payload's root element, read with the limits an XML load sets.</summary>
    /// <exception cref="SaveException">The payload is not XML a load reads.</exception>
    public static XElement ReadXml(ReadOnlyMemory<byte> payload) => XmlSaveFormat.ReadDocument(payload, XmlCodec.ReadElement);

    /// <summary>
    /// Whether anything is at <paramref name="path"/> (a link counts, even one to nothing); a folder that can't be
    /// searched is a <see cref="SaveIOException"/>, not a missing file.
    /// </summary>
    public static bool Exists(string path) => FolderEntry.IsThere(path);

    /// <summary>The saves of a folder, each slot's followed by its backup, by name.</summary>
    /// <exception cref="SaveIOException">The folder can't be listed.</exception>
    public static IReadOnlyList<string> SavesIn(string folder)
    {
        const string Save = "*" + SaveSlotStore.FileExtension;
        try
        {
            return
            [
                .. Directory.EnumerateFiles(folder, Save)
                    .Concat(Directory.EnumerateFiles(folder, Save + SaveSlotStore.BackupExtension))
                    .Order(StringComparer.Ordinal),
            ];
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw FileSystemRefusal.Unlisted(folder, e);
        }
    }

    /// <summary>
    /// Replaces or creates <paramref name="path"/> as a slot store writes a save (temp file, flush, rename, flush of the
    /// folder), keeping the file it replaces as <c>path.bak</c>; with the slot's lock, counts the change in it as a
    /// store does (<see cref="SaveFileLock.Take"/>). Returns whether a previous file was kept.
    /// </summary>
    /// <exception cref="SaveIOException">The file system refused the write; the previous file is untouched.</exception>
    public static bool Replace(string path, ReadOnlySpan<byte> save, SaveFileLock? slotLock)
    {
        bool replaced = File.Exists(path);
        try
        {
            AtomicFile.Write(path, save, path + SaveSlotStore.BackupExtension);
        }
        finally
        {
            slotLock?.CountChange();
        }

        return replaced;
    }
}

using System.Buffers;
using System.Buffers.Binary;
using System.IO.Hashing;
using Engine.Serialization.Compression;
using Engine.Serialization.Errors;
using Engine.Serialization.Formats;
using Engine.Serialization.Formats.MessagePack;
using Engine.Serialization.Internal;
using MessagePack;

namespace Engine.Serialization.Container;

/// <summary>
/// The save file around a payload: header, metadata block, payload (docs/FORMAT.md). It checks
/// everything it can before any payload byte is decoded, and knows nothing of GameContent.
/// </summary>
internal static class SaveContainer
{
    /// <summary>
    /// The version of the container this build writes and the newest it reads. 3: the payload checksum is made of its
    /// 64 KiB chunks' checksums (<see cref="PayloadChecksum"/>). 2: the metadata block names the model the payload holds
    /// (<see cref="SaveMetadata.ModelId"/>). 1: the same layout, and every payload a GameContent.
    /// </summary>
    public const ushort CurrentVersion = 3;

    /// <summary>The model every container-version-1 save holds: the engine's GameContent, which was all version 1 could save.</summary>
    public const string Version1ModelId = "Engine.Core.Model.GameContent";

    public const int HeaderSize = 52;

    /// <summary>"\x89ESAV\r\n\x1A": a non-ASCII first byte and a CR LF pair expose text-mode transfers, as in PNG.</summary>
    private static ReadOnlySpan<byte> Magic => [0x89, 0x45, 0x53, 0x41, 0x56, 0x0D, 0x0A, 0x1A];

    // Offsets of the header fields; magic and version stay where they are in every future version.
    // The lengths' and checksums' are internal for the tests that forge headers.
    private const int VersionOffset = 8;
    private const int FormatOffset = 10;
    private const int CompressionOffset = 11;
    private const int SchemaOffset = 12;
    internal const int MetadataLengthOffset = 16;
    internal const int PayloadLengthOffset = 20;
    internal const int DecodedLengthOffset = 28;
    internal const int PayloadChecksumOffset = 36;
    internal const int MetadataChecksumOffset = 44;
    internal const int HeaderChecksumOffset = 48;

    /// <summary>Writes a whole save; <paramref name="loadedWith"/> (by default <see cref="LoadOptions.Default"/>) as in <see cref="WriteHeader"/>.</summary>
    public static void Write(
        IBufferWriter<byte> output,
        SaveFormat format,
        SaveCompression compression,
        int schemaVersion,
        SaveMetadata metadata,
        ReadOnlySpan<byte> storedPayload,
        int decodedLength,
        LoadOptions? loadedWith = null)
    {
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(metadata);
        var metadataBytes = EncodeMetadata(metadata);
        Span<byte> header = stackalloc byte[HeaderSize];
        WriteHeader(header, format, compression, schemaVersion, metadataBytes, storedPayload, decodedLength, loadedWith ?? LoadOptions.Default);
        output.Write(header);
        output.Write(metadataBytes);
        output.Write(storedPayload);
    }

    /// <summary>The metadata block's bytes, refusing metadata a load would refuse.</summary>
    public static byte[] EncodeMetadata(SaveMetadata metadata)
    {
        var metadataBuffer = new ArrayBufferWriter<byte>();
        EncodeMetadata(metadata, metadataBuffer);
        return metadataBuffer.WrittenSpan.ToArray();
    }

    /// <inheritdoc cref="EncodeMetadata(SaveMetadata)"/>
    public static void EncodeMetadata(SaveMetadata metadata, IBufferWriter<byte> output)
    {
        if (Problem(metadata) is { } problem)
        {
            throw new SaveEncodingException($"The save's metadata {problem}, so it could never be loaded: nothing was written.");
        }

        var metadataWriter = new MessagePackWriter(output);
        SaveMetadataFormatterResolver.Write(ref metadataWriter, metadata);
        metadataWriter.Flush();
    }

    /// <summary>
    /// Fills the <see cref="HeaderSize"/> bytes of the header for a metadata block and a stored payload, refusing a save
    /// larger than the load it is meant for accepts (<see cref="SaveOptions.LoadedWith"/>). A writer that knows the
    /// payload's checksum already (from the chunks it kept) passes it as <paramref name="payloadChecksum"/>.
    /// </summary>
    public static void WriteHeader(
        Span<byte> header,
        SaveFormat format,
        SaveCompression compression,
        int schemaVersion,
        ReadOnlySpan<byte> metadataBytes,
        ReadOnlySpan<byte> storedPayload,
        int decodedLength,
        LoadOptions limits,
        ulong? payloadChecksum = null)
    {
        if (metadataBytes.Length > limits.MaxMetadataBytes)
        {
            throw new SaveEncodingException(
                $"The save's metadata is {metadataBytes.Length:N0} bytes and its load accepts at most {limits.MaxMetadataBytes:N0} " +
                "(LoadOptions.MaxMetadataBytes), so it could never be loaded: nothing was written.");
        }

        if (Math.Max(storedPayload.Length, decodedLength) is var payloadBytes && payloadBytes > limits.MaxPayloadBytes)
        {
            throw new SaveEncodingException(
                $"The save's payload is {payloadBytes:N0} bytes and its load accepts at most " +
                $"{limits.MaxPayloadBytes:N0} (LoadOptions.MaxPayloadBytes), so it could never be loaded: nothing was written.");
        }

        // A load holds the file and, when it is compressed, the buffers it decompresses into; the game's objects come on top.
        long leastMemory = HeaderSize + (long)metadataBytes.Length + storedPayload.Length
            + (compression == SaveCompression.None ? 0 : Lz4FrameDecoding.BufferBytes(storedPayload.Length, decodedLength));
        if (leastMemory > limits.MaxMemoryBytes)
        {
            throw new SaveEncodingException(
                $"Loading the save would take more than the {limits.MaxMemoryBytes:N0} bytes of memory its load may use " +
                $"(LoadOptions.MaxMemoryBytes): {leastMemory:N0} bytes for the file and the decompression alone, so it could never be loaded: nothing was written.");
        }

        Magic.CopyTo(header);
        BinaryPrimitives.WriteUInt16LittleEndian(header[VersionOffset..], CurrentVersion);
        header[FormatOffset] = (byte)format;
        header[CompressionOffset] = (byte)compression;
        BinaryPrimitives.WriteInt32LittleEndian(header[SchemaOffset..], schemaVersion);
        BinaryPrimitives.WriteInt32LittleEndian(header[MetadataLengthOffset..], metadataBytes.Length);
        BinaryPrimitives.WriteInt64LittleEndian(header[PayloadLengthOffset..], storedPayload.Length);
        BinaryPrimitives.WriteInt64LittleEndian(header[DecodedLengthOffset..], decodedLength);
        BinaryPrimitives.WriteUInt64LittleEndian(header[PayloadChecksumOffset..], payloadChecksum ?? PayloadChecksum.Of(storedPayload, CurrentVersion));
        BinaryPrimitives.WriteUInt32LittleEndian(header[MetadataChecksumOffset..], Crc32.HashToUInt32(metadataBytes));
        BinaryPrimitives.WriteUInt32LittleEndian(header[HeaderChecksumOffset..], Crc32.HashToUInt32(header[..HeaderChecksumOffset]));
    }

    /// <summary>Checks a whole save in memory and returns what it says of itself and its still-compressed payload.</summary>
    public static (SaveInfo Info, ReadOnlyMemory<byte> StoredPayload) Open(ReadOnlyMemory<byte> file, LoadOptions limits)
    {
        ArgumentNullException.ThrowIfNull(limits);
        var span = file.Span;
        var header = ParseHeader(span, limits);
        if (span.Length < HeaderSize + header.MetadataLength)
        {
            throw Truncated(span.Length, header);
        }

        var metadata = ReadMetadata(header, span[..HeaderSize], file.Slice(HeaderSize, header.MetadataLength));
        var info = new SaveInfo(header, metadata);
        if (span.Length != info.FileLength)
        {
            throw span.Length < info.FileLength
                ? Truncated(span.Length, header)
                : new SaveCorruptedException($"The file has {span.Length - info.FileLength} unexpected bytes after the save.");
        }

        var payload = file.Slice(HeaderSize + header.MetadataLength);
        if (PayloadChecksum.Of(payload.Span, header.ContainerVersion) != header.PayloadChecksum)
        {
            throw new SaveCorruptedException("The payload's checksum does not match: the file was damaged after it was written.");
        }

        return (info, payload);
    }

    /// <summary>
    /// Reads only the header and metadata from the start of a stream, checked as a load checks them; the payload is left
    /// unread. The metadata block is read in pieces through its checksum and never held whole, and members this build
    /// doesn't know are skipped. Without <paramref name="withThumbnail"/> the thumbnail's bytes are passed over too:
    /// <see cref="SaveInfo.ThumbnailLength"/> gives its length and the metadata's <see cref="SaveMetadata.Thumbnail"/> is
    /// empty, so that what a slot list holds does not grow with its saves' thumbnails.
    /// </summary>
    public static SaveInfo ReadInfo(Stream stream, LoadOptions limits, bool withThumbnail = true)
    {
        ArgumentNullException.ThrowIfNull(stream);
        ArgumentNullException.ThrowIfNull(limits);
        byte[] headerBytes = new byte[HeaderSize];
        int read = stream.ReadAtLeast(headerBytes, HeaderSize, throwOnEndOfStream: false);
        var header = ParseHeader(headerBytes.AsSpan(0, read), limits);
        if (stream.CanSeek && stream.Length - stream.Position < header.MetadataLength)
        {
            // Before reading what the header declares: a short file can't hold it.
            throw Truncated(stream.Length, header);
        }

        var block = MetadataBlockReader.Read(stream, header.MetadataLength, withThumbnail, blockBytes => Truncated(HeaderSize + blockBytes, header));
        RequireMetadataChecksum(headerBytes, block.Checksum);
        if (block.Damage is { } damage)
        {
            throw Undecodable(damage);
        }

        var metadata = DecodeMetadata(header, block.Map, block.BytesAfter);
        if (block.Thumbnail is { } thumbnail)
        {
            metadata = metadata with { Thumbnail = thumbnail };
        }

        return new SaveInfo(header, metadata) { ThumbnailLength = block.ThumbnailLength };
    }

    /// <summary>
    /// Checks, in this order: signature, container version (before anything whose place a later
    /// version may move), the header's checksum (before any field is believed), declared sizes
    /// against the limits, known format and compression.
    /// </summary>
    private static SaveHeader ParseHeader(ReadOnlySpan<byte> data, LoadOptions limits)
    {
        RequireHeader(data);
        ushort version = BinaryPrimitives.ReadUInt16LittleEndian(data[VersionOffset..]);
        if (version > CurrentVersion)
        {
            throw new UnsupportedSaveVersionException(
                $"The save uses container version {version}, but this build reads up to {CurrentVersion}: update the game to load it.");
        }

        if (!HeaderChecksumHolds(data))
        {
            throw new SaveCorruptedException("The header's checksum does not match: the file was damaged after it was written.");
        }

        if (version == 0)
        {
            throw new SaveCorruptedException("The header says container version 0, which was never written.");
        }

        var header = HeaderFields(data);
        if (header.MetadataLength < 0 || header.PayloadLength < 0 || header.DecodedLength < 0)
        {
            throw new SaveCorruptedException("The header declares a negative length.");
        }

        if (header.MetadataLength > limits.MaxMetadataBytes)
        {
            throw new SaveTooLargeException($"The save declares {header.MetadataLength:N0} bytes of metadata; the limit is {limits.MaxMetadataBytes:N0}.");
        }

        long largest = Math.Max(header.PayloadLength, header.DecodedLength);
        if (largest > limits.MaxPayloadBytes)
        {
            throw new SaveTooLargeException($"The save declares a {largest:N0}-byte payload; the limit is {limits.MaxPayloadBytes:N0}.");
        }

        if (!Enum.IsDefined(header.Format) || !Enum.IsDefined(header.Compression))
        {
            throw new UnknownSaveFormatException(
                $"The save uses format {(byte)header.Format} with compression {(byte)header.Compression}, which this build does not know.");
        }

        return header;
    }

    /// <summary>
    /// What a file's header says and which of its checksums hold, believing nothing past the signature: for tools that
    /// show a damaged save. A checksum is null when the file is too short to hold what it covers.
    /// </summary>
    public static ContainerChecks Inspect(ReadOnlySpan<byte> data)
    {
        RequireHeader(data);
        var header = HeaderFields(data);
        bool? metadataHolds = null;
        bool? payloadHolds = null;
        long payloadStart = HeaderSize + (long)header.MetadataLength;
        if (header.MetadataLength >= 0 && payloadStart <= data.Length)
        {
            var metadata = data.Slice(HeaderSize, header.MetadataLength);
            metadataHolds = BinaryPrimitives.ReadUInt32LittleEndian(data[MetadataChecksumOffset..]) == Crc32.HashToUInt32(metadata);
            if (header.PayloadLength >= 0 && header.PayloadLength <= data.Length - payloadStart)
            {
                payloadHolds = PayloadChecksum.Of(data.Slice((int)payloadStart, (int)header.PayloadLength), header.ContainerVersion) == header.PayloadChecksum;
            }
        }

        return new ContainerChecks(
            header,
            BinaryPrimitives.ReadUInt32LittleEndian(data[HeaderChecksumOffset..]),
            HeaderChecksumHolds(data),
            BinaryPrimitives.ReadUInt32LittleEndian(data[MetadataChecksumOffset..]),
            metadataHolds,
            payloadHolds);
    }

    /// <summary>Refuses what doesn't start with the signature or ends inside the header.</summary>
    private static void RequireHeader(ReadOnlySpan<byte> data)
    {
        if (data.IsEmpty)
        {
            throw new SaveCorruptedException("The file is empty.");
        }

        int magicLength = Math.Min(data.Length, Magic.Length);
        if (!data[..magicLength].SequenceEqual(Magic[..magicLength]))
        {
            throw new NotASaveFileException("This is not a save file: it does not start with the save signature.");
        }

        if (data.Length < HeaderSize)
        {
            throw new SaveCorruptedException($"The file ends after {data.Length} bytes, inside the {HeaderSize}-byte header.");
        }
    }

    private static bool HeaderChecksumHolds(ReadOnlySpan<byte> data) =>
        BinaryPrimitives.ReadUInt32LittleEndian(data[HeaderChecksumOffset..]) == Crc32.HashToUInt32(data[..HeaderChecksumOffset]);

    private static SaveHeader HeaderFields(ReadOnlySpan<byte> data) => new(
        BinaryPrimitives.ReadUInt16LittleEndian(data[VersionOffset..]),
        (SaveFormat)data[FormatOffset],
        (SaveCompression)data[CompressionOffset],
        BinaryPrimitives.ReadInt32LittleEndian(data[SchemaOffset..]),
        BinaryPrimitives.ReadInt32LittleEndian(data[MetadataLengthOffset..]),
        BinaryPrimitives.ReadInt64LittleEndian(data[PayloadLengthOffset..]),
        BinaryPrimitives.ReadInt64LittleEndian(data[DecodedLengthOffset..]),
        BinaryPrimitives.ReadUInt64LittleEndian(data[PayloadChecksumOffset..]));

    private static SaveMetadata ReadMetadata(SaveHeader parsed, ReadOnlySpan<byte> header, ReadOnlyMemory<byte> metadata)
    {
        RequireMetadataChecksum(header, Crc32.HashToUInt32(metadata.Span));
        return DecodeMetadata(parsed, metadata, bytesAfter: 0);
    }

    private static void RequireMetadataChecksum(ReadOnlySpan<byte> header, uint metadataChecksum)
    {
        if (BinaryPrimitives.ReadUInt32LittleEndian(header[MetadataChecksumOffset..]) != metadataChecksum)
        {
            throw new SaveCorruptedException("The metadata's checksum does not match: the file was damaged after it was written.");
        }
    }

    /// <summary>
    /// Decodes and checks the metadata's map; <paramref name="bytesAfter"/> counts the block's bytes after
    /// <paramref name="map"/>, which a streamed block does not keep.
    /// </summary>
    private static SaveMetadata DecodeMetadata(SaveHeader parsed, ReadOnlyMemory<byte> map, long bytesAfter)
    {
        try
        {
            var reader = new MessagePackReader(map);
            CodecSupport.TakeMissingRead();
            SaveMetadataFormatterResolver.Read(ref reader, out SaveMetadata? read);
            bool nilRead = CodecSupport.TakeMissingRead();
            if (reader.Sequence.Length - reader.Consumed + bytesAfter is var after and > 0)
            {
                throw new SaveCorruptedException($"The metadata block has {after:N0} bytes after its map.");
            }

            return Checked(parsed, read ?? throw new SaveCorruptedException("The metadata block is nil."), nilRead);
        }
        catch (Exception e) when (MessagePackDecoding.IsBadInput(e))
        {
            throw Undecodable(e);
        }
    }

    private static SaveCorruptedException Undecodable(Exception e) =>
        new($"The metadata block could not be decoded: {DecodeFailure.Describe(e)}.", innerException: e);

    /// <summary>
    /// Metadata a slot list can show without tripping: no nil where a value is needed (<paramref name="nilRead"/>: the
    /// generated reader met one), a play time a TimeSpan holds, and the model the payload holds (implied by version 1,
    /// which never named it; named by later versions).
    /// </summary>
    private static SaveMetadata Checked(SaveHeader header, SaveMetadata metadata, bool nilRead)
    {
        if (header.ContainerVersion == 1)
        {
            if (metadata.ModelId is { Length: > 0 } named)
            {
                throw new SaveCorruptedException(
                    $"The version-1 metadata names a model ('{named}'), which no version-1 save did: the file was edited or damaged.");
            }

            if (metadata.ModelId is { Length: 0 })
            {
                metadata = metadata with { ModelId = Version1ModelId };
            }
        }

        if (Problem(metadata) is { } problem)
        {
            throw new SaveCorruptedException($"The metadata block {problem}.");
        }

        if (nilRead)
        {
            throw new SaveCorruptedException("The metadata block holds nil where it needs a value.");
        }

        return metadata;
    }

    /// <summary>What a load would refuse in the metadata, or null: checked before writing too, so a save can always be listed and loaded.</summary>
    private static string? Problem(SaveMetadata metadata)
    {
        if (metadata.Title is null || metadata.GameId is null || metadata.Thumbnail is null || metadata.ModelId is null || metadata.SlotName is null)
        {
            return "holds nil for its " + string.Join(" and ", NilMembers(metadata));
        }

        // Written this way round so that NaN fails too.
        if (!(metadata.PlayTimeSeconds >= 0 && metadata.PlayTimeSeconds <= TimeSpan.MaxValue.TotalSeconds))
        {
            return $"gives a play time of {metadata.PlayTimeSeconds} seconds, which is not a duration";
        }

        return metadata.ModelId.Length == 0 ? "does not name the model the save holds" : null;
    }

    private static IEnumerable<string> NilMembers(SaveMetadata metadata)
    {
        (string Name, object? Value)[] members =
        [
            (nameof(metadata.Title), metadata.Title),
            (nameof(metadata.GameId), metadata.GameId),
            (nameof(metadata.Thumbnail), metadata.Thumbnail),
            (nameof(metadata.ModelId), metadata.ModelId),
            (nameof(metadata.SlotName), metadata.SlotName),
        ];
        return members.Where(m => m.Value is null).Select(m => m.Name);
    }

    private static SaveCorruptedException Truncated(long length, SaveHeader header) =>
        new($"The file ends after {length:N0} bytes but the save needs {HeaderSize + header.MetadataLength + header.PayloadLength:N0}: it was cut short.");
}

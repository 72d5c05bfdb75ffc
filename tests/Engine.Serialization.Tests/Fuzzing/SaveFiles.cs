using System.Buffers;
using System.Buffers.Binary;
using System.IO.Hashing;
using Engine.Core.Model;
using Engine.Serialization.Container;
using Engine.Serialization.Internal;
using Engine.Serialization.Models;
using Engine.Testing;

namespace Engine.Serialization.Tests.Fuzzing;

/// <summary>
/// Builds save files around payloads of a test's choosing, with checksums that match, so damaged
/// or hostile content reaches the decoders instead of stopping at the first checksum.
/// </summary>
internal static class SaveFiles
{
    /// <summary>A save holding <paramref name="payload"/> (a bare document), compressed as asked.</summary>
    public static byte[] Frame(SaveFormat format, SaveCompression compression, ReadOnlySpan<byte> payload, SaveMetadata? metadata = null)
    {
        var stored = new ArrayBufferWriter<byte>();
        PayloadCompression.Compress(compression, payload, stored, Lz4Level.Fast);
        return FrameStored(format, compression, stored.WrittenSpan, payload.Length, metadata);
    }

    /// <summary>
    /// A save whose stored payload is <paramref name="stored"/> as given, declaring <paramref name="decodedLength"/>: written as
    /// a hostile writer would, past the limits a game's own save refuses.
    /// </summary>
    public static byte[] FrameStored(SaveFormat format, SaveCompression compression, ReadOnlySpan<byte> stored, int decodedLength, SaveMetadata? metadata = null)
    {
        var file = new ArrayBufferWriter<byte>();
        metadata ??= new SaveMetadata { Title = "fuzz" };
        if (metadata.ModelId.Length == 0)
        {
            metadata = metadata with { ModelId = SaveModels.IdOf<GameContent>() };
        }

        SaveContainer.Write(file, format, compression, GameContentSchema, metadata, stored, decodedLength, AnySize);
        return file.WrittenSpan.ToArray();
    }

    /// <summary>
    /// The game as a payload of the format, written without the checks a save runs first (a null where the model
    /// has none, a misshapen grid): what a damaged or hostile file could hold.
    /// </summary>
    public static byte[] PayloadSkippingChecks(SaveFormat format, GameContent content)
    {
        var buffer = new ArrayBufferWriter<byte>();

        // A snapshot's writer leaves the model's OnBeforeSerialize out; the null checks stay, so nulls need Handwritten.
        using (CodecSupport.EnterSnapshot())
        {
            SaveFormats.Get<GameContent>(format).Write(buffer, content);
        }

        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>The decoded payload of a valid save.</summary>
    public static byte[] DecodedPayload(byte[] save)
    {
        var (info, stored) = SaveContainer.Open(save, LoadOptions.Default);
        return PayloadCompression.Decompress(info.Header.Compression, stored, checked((int)info.Header.DecodedLength)).ToArray();
    }

    /// <summary>A copy of <paramref name="save"/> whose metadata block is replaced by raw bytes.</summary>
    public static byte[] WithMetadataBytes(byte[] save, ReadOnlySpan<byte> metadata)
    {
        int oldLength = BinaryPrimitives.ReadInt32LittleEndian(save.AsSpan(SaveContainer.MetadataLengthOffset));
        byte[] file = [.. save.AsSpan(0, SaveContainer.HeaderSize), .. metadata, .. save.AsSpan(SaveContainer.HeaderSize + oldLength)];
        BinaryPrimitives.WriteInt32LittleEndian(file.AsSpan(SaveContainer.MetadataLengthOffset), metadata.Length);
        return FixChecksums(file);
    }

    /// <summary>Sets one 64-bit header field (a length) and makes the checksums match again.</summary>
    public static byte[] WithHeaderField(byte[] save, int offset, long value)
    {
        byte[] file = [.. save];
        if (offset == SaveContainer.MetadataLengthOffset)
        {
            BinaryPrimitives.WriteInt32LittleEndian(file.AsSpan(offset), checked((int)value));
        }
        else
        {
            BinaryPrimitives.WriteInt64LittleEndian(file.AsSpan(offset), value);
        }

        return FixChecksums(file);
    }

    /// <summary>
    /// Recomputes, in place, whatever checksums the file's own header lets it find: the metadata's
    /// and the payload's when the declared metadata length fits the file, then the header's.
    /// </summary>
    public static byte[] FixChecksums(byte[] file)
    {
        if (file.Length < SaveContainer.HeaderSize)
        {
            return file;
        }

        var span = file.AsSpan();
        int metadataLength = BinaryPrimitives.ReadInt32LittleEndian(span[SaveContainer.MetadataLengthOffset..]);
        if (metadataLength >= 0 && metadataLength <= file.Length - SaveContainer.HeaderSize)
        {
            var metadata = span.Slice(SaveContainer.HeaderSize, metadataLength);
            var payload = span[(SaveContainer.HeaderSize + metadataLength)..];
            BinaryPrimitives.WriteUInt32LittleEndian(span[SaveContainer.MetadataChecksumOffset..], Crc32.HashToUInt32(metadata));
            BinaryPrimitives.WriteUInt64LittleEndian(span[SaveContainer.PayloadChecksumOffset..], SaveFileChecksums.PayloadOf(span, payload));
        }

        BinaryPrimitives.WriteUInt32LittleEndian(span[SaveContainer.HeaderChecksumOffset..], Crc32.HashToUInt32(span[..SaveContainer.HeaderChecksumOffset]));
        return file;
    }

    private const int GameContentSchema = Engine.Core.Model.GameContent.CurrentSchemaVersion;

    private static readonly LoadOptions AnySize = LoadOptions.Default with { MaxPayloadBytes = int.MaxValue, MaxMemoryBytes = long.MaxValue };
}

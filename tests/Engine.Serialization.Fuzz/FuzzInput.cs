using System.Buffers.Binary;
using Engine.Serialization.Container;
using Engine.Serialization.Tests.Fuzzing;

namespace Engine.Serialization.Fuzz;

/// <summary>
/// What the fuzzer's bytes mean. A coverage-guided fuzzer can't forge an XXH3 checksum, so most
/// inputs are not whole files: the first byte says how the rest becomes a save file.
/// </summary>
internal static class FuzzInput
{
    private static readonly SaveFormat[] Formats = Enum.GetValues<SaveFormat>();
    private static readonly SaveCompression[] Compressions = Enum.GetValues<SaveCompression>();

    // The first byte, modulo Modes.
    private const byte WholeFile = 0;
    private const byte FileWithChecksumsFixed = 1;
    private const byte PayloadBase = 2;   // 2..7: a decoded payload, framed as format x compression
    private const byte Lz4StoredBase = 8; // 8..10: LZ4 stored bytes for a format, after a 4-byte decoded length
    private const byte Lz4Edited = 11;    // a format's index, an edit count, the edits (Lz4FrameEdits), a decoded payload
    private const byte XmlNested = 12;    // a compression's index, an edit count, the edits (XmlNestingEdits), an XML payload
    private const byte Modes = 13;

    public static byte[] ToSaveFile(byte[] input)
    {
        if (input.Length == 0)
        {
            return input;
        }

        byte mode = (byte)(input[0] % Modes);
        byte[] rest = input[1..];
        switch (mode)
        {
            case WholeFile:
                return rest;
            case FileWithChecksumsFixed:
                return SaveFiles.FixChecksums(rest);
            case < Lz4StoredBase:
                int index = mode - PayloadBase;
                return SaveFiles.Frame(Formats[index / Compressions.Length], Compressions[index % Compressions.Length], rest);
            case Lz4Edited or XmlNested:
                if (rest.Length < 2 || rest.Length < 2 + (rest[1] * Lz4FrameEdits.EditLength))
                {
                    return rest;
                }

                var edits = rest.AsSpan(2, rest[1] * Lz4FrameEdits.EditLength);
                byte[] payload = rest[(2 + edits.Length)..];
                if (mode == XmlNested)
                {
                    return SaveFiles.Frame(SaveFormat.Xml, Compressions[rest[0] % Compressions.Length], XmlNestingEdits.Apply(payload, edits));
                }

                var stored = new System.Buffers.ArrayBufferWriter<byte>();
                PayloadCompression.Compress(SaveCompression.Lz4, payload, stored, Lz4Level.Fast);
                return SaveFiles.FrameStored(Formats[rest[0] % Formats.Length], SaveCompression.Lz4, Lz4FrameEdits.Apply(stored.WrittenSpan.ToArray(), edits), payload.Length);
            default:
                if (rest.Length < 4)
                {
                    return rest;
                }

                int decodedLength = BinaryPrimitives.ReadInt32LittleEndian(rest);
                return SaveFiles.FrameStored(Formats[mode - Lz4StoredBase], SaveCompression.Lz4, rest.AsSpan(4), decodedLength);
        }
    }

    /// <summary>A real save written every way the harness reads one.</summary>
    public static IEnumerable<(string Name, byte[] Input)> SeedsFrom(byte[] save, string name)
    {
        yield return ($"{name}-file", [WholeFile, .. save]);
        yield return ($"{name}-fixed", [FileWithChecksumsFixed, .. save]);
        var (info, stored) = SaveContainer.Open(save, LoadOptions.Default);
        var header = info.Header;
        int format = Array.IndexOf(Formats, header.Format);
        byte[] payload = SaveFiles.DecodedPayload(save);
        int payloadMode = PayloadBase + (format * Compressions.Length) + Array.IndexOf(Compressions, header.Compression);
        yield return ($"{name}-payload", [(byte)payloadMode, .. payload]);
        // One edit each that changes nothing much (a match one byte longer; an unknown element one level deep), for afl-fuzz to vary.
        yield return ($"{name}-lz4-edited", [Lz4Edited, (byte)format, 1, 0, 0, 0, .. payload]);
        if (header.Format == SaveFormat.Xml)
        {
            yield return ($"{name}-xml-nested", [XmlNested, (byte)Array.IndexOf(Compressions, header.Compression), 1, 0, 0, 0, .. payload]);
        }
        if (header.Compression == SaveCompression.Lz4)
        {
            byte[] length = new byte[4];
            BinaryPrimitives.WriteInt32LittleEndian(length, checked((int)header.DecodedLength));
            yield return ($"{name}-lz4", [(byte)(Lz4StoredBase + format), .. length, .. stored.Span]);
        }
    }
}

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
    private const byte Modes = 11;

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
        if (header.Compression == SaveCompression.Lz4)
        {
            byte[] length = new byte[4];
            BinaryPrimitives.WriteInt32LittleEndian(length, checked((int)header.DecodedLength));
            yield return ($"{name}-lz4", [(byte)(Lz4StoredBase + format), .. length, .. stored.Span]);
        }
    }
}

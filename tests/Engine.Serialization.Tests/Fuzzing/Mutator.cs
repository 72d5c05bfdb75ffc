using System.Buffers.Binary;

namespace Engine.Serialization.Tests.Fuzzing;

/// <summary>
/// Seeded, stacked byte-level mutations in the manner of AFL's havoc stage: bit flips, byte and
/// "interesting value" writes, truncation, cut and duplicated ranges, splices with another input.
/// </summary>
internal sealed class Mutator(Random random)
{
    /// <summary>Values that sit on boundaries: lengths of zero, of one, at the sign bit, the largest.</summary>
    private static readonly long[] Interesting =
        [0, 1, -1, 0x7F, 0x80, 0xFF, 0x100, 0x7FFF, 0x8000, 0xFFFF, 0x10000, int.MaxValue, int.MinValue, uint.MaxValue, long.MaxValue, 1L << 32];

    /// <summary>MessagePack markers for nil, the long array/map/string/bin headers and extensions.</summary>
    private static readonly byte[] Markers = [0xC0, 0xC4, 0xC5, 0xC6, 0xC7, 0xC9, 0xD9, 0xDA, 0xDB, 0xDC, 0xDD, 0xDE, 0xDF, 0xD4, 0xD8, 0x9F, 0x8F, 0xBF];

    public int Next(int maxValue) => random.Next(maxValue);

    /// <summary>One to four mutations stacked on a copy of <paramref name="data"/>.</summary>
    public byte[] Mutate(byte[] data, byte[] spliceSource)
    {
        var bytes = new List<byte>(data);
        int count = 1 + random.Next(4);
        for (int i = 0; i < count; i++)
        {
            MutateOnce(bytes, spliceSource);
        }

        return [.. bytes];
    }

    /// <summary><paramref name="length"/> random bytes: the instructions of a structured edit.</summary>
    public byte[] Bytes(int length)
    {
        byte[] bytes = new byte[length];
        random.NextBytes(bytes);
        return bytes;
    }

    public byte[] RandomBytes(int maxLength)
    {
        byte[] bytes = new byte[random.Next(maxLength + 1)];
        random.NextBytes(bytes);
        return bytes;
    }

    private void MutateOnce(List<byte> bytes, byte[] spliceSource)
    {
        if (bytes.Count == 0)
        {
            bytes.AddRange(RandomBytes(16));
            return;
        }

        int at = random.Next(bytes.Count);
        switch (random.Next(10))
        {
            case 0:
            case 1:
                bytes[at] ^= (byte)(1 << random.Next(8));
                break;
            case 2:
                bytes[at] = (byte)random.Next(256);
                break;
            case 3:
                bytes[at] = Markers[random.Next(Markers.Length)];
                break;
            case 4:
                WriteInteresting(bytes, at);
                break;
            case 5:
                bytes.RemoveRange(at, bytes.Count - at);
                break;
            case 6:
                bytes.RemoveRange(at, random.Next(Math.Min(bytes.Count - at, 64) + 1));
                break;
            case 7:
                int length = random.Next(Math.Min(bytes.Count - at, 256) + 1);
                bytes.InsertRange(random.Next(bytes.Count + 1), bytes.GetRange(at, length));
                break;
            case 8:
                Splice(bytes, at, spliceSource);
                break;
            default:
                bytes.InsertRange(at, RandomBytes(8));
                break;
        }
    }

    private void WriteInteresting(List<byte> bytes, int at)
    {
        Span<byte> value = stackalloc byte[8];
        long chosen = Interesting[random.Next(Interesting.Length)];
        int width = 1 << random.Next(4);
        if (random.Next(2) == 0)
        {
            BinaryPrimitives.WriteInt64LittleEndian(value, chosen);
        }
        else
        {
            BinaryPrimitives.WriteInt64BigEndian(value, chosen << (8 * (8 - width)));
        }

        for (int i = 0; i < width && at + i < bytes.Count; i++)
        {
            bytes[at + i] = value[i];
        }
    }

    /// <summary>This input's bytes up to <paramref name="at"/>, then the other input's from a random point.</summary>
    private void Splice(List<byte> bytes, int at, byte[] other)
    {
        if (other.Length == 0)
        {
            return;
        }

        int from = random.Next(other.Length);
        bytes.RemoveRange(at, bytes.Count - at);
        bytes.AddRange(other.AsSpan(from, Math.Min(other.Length - from, 4096)));
    }
}

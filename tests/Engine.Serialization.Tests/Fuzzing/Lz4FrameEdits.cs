using System.Buffers.Binary;
using System.IO.Hashing;

namespace Engine.Serialization.Tests.Fuzzing;

/// <summary>
/// Edits inside an LZ4 frame that keep it readable as LZ4, where byte flips mostly break a block's first sequence: a
/// match made longer (a bomb inside a block), an offset moved, literals repeated, a block stored raw or compressed, its
/// size field wrong, the frame's flags and block size changed (its descriptor checksum made to hold), blocks dropped or
/// repeated, and a block that is one long match (run-length expansion). Each edit is three bytes: what, where, how
/// much; the mutation tests draw them at random and the afl-fuzz harness takes them from its input.
/// </summary>
internal static class Lz4FrameEdits
{
    public const int EditLength = 3;

    private const uint Magic = 0x184D2204;

    private static readonly int[] Lengths = [1, 4, 15, 16, 255, 256, 4096, 65_536, 1 << 20, 1 << 22, 1 << 24];

    /// <summary>The frame with the edits applied; a frame that doesn't parse is returned as it is.</summary>
    public static byte[] Apply(byte[] frame, ReadOnlySpan<byte> edits)
    {
        if (Parse(frame) is not { } parsed)
        {
            return frame;
        }

        for (int i = 0; i + EditLength <= edits.Length; i += EditLength)
        {
            Edit(parsed, edits[i], edits[i + 1], edits[i + 2]);
        }

        return parsed.Write();
    }

    private static void Edit(Frame frame, byte what, byte where, byte much)
    {
        var blocks = frame.Blocks;
        var block = blocks.Count == 0 ? null : blocks[where % blocks.Count];
        var sequences = block?.Sequences;
        switch (what % 9)
        {
            case 0 when sequences is { Count: > 1 }:
                sequences[where % (sequences.Count - 1)].MatchLength += Lengths[much % Lengths.Length];
                break;
            case 1 when sequences is { Count: > 1 }:
                sequences[where % (sequences.Count - 1)].Offset = (much % 4) switch
                {
                    0 => 0,
                    1 => ushort.MaxValue,
                    2 => sequences[where % (sequences.Count - 1)].Offset + 1,
                    _ => much,
                };
                break;
            case 2 when sequences is { Count: > 0 }:
                var sequence = sequences[where % sequences.Count];
                sequence.Literals = [.. Enumerable.Repeat(sequence.Literals, 1 + (much % 8)).SelectMany(bytes => bytes)];
                break;
            case 3 when block is not null:
                block.Stored = !block.Stored;
                break;
            case 4 when block is not null:
                block.SizeError = (much % 2 == 0 ? 1 : -1) * Lengths[much / 2 % Lengths.Length];
                break;
            case 5:
                frame.Flags ^= (byte)(1 << (much % 8));
                break;
            case 6:
                frame.BlockDescriptor = (byte)((much % 8) << 4);
                break;
            case 7 when block is not null:
                if (much % 2 == 0)
                {
                    blocks.Insert(where % blocks.Count, block.Copy());
                }
                else
                {
                    blocks.Remove(block);
                }

                break;
            case 8:
                // One literal, then a match of it as long as asked: the run-length bomb LZ4 allows inside a block.
                blocks.Insert(blocks.Count == 0 ? 0 : where % (blocks.Count + 1), new Block(
                [
                    new Sequence([much], offset: 1, matchLength: 4 + Lengths[much % Lengths.Length]),
                    new Sequence(new byte[5], offset: 0, matchLength: 0),
                ]));
                break;
        }
    }

    private static Frame? Parse(byte[] frame)
    {
        if (frame.Length < 7 || BinaryPrimitives.ReadUInt32LittleEndian(frame) != Magic)
        {
            return null;
        }

        byte flags = frame[4];
        int at = 7 + ((flags & 0x08) != 0 ? 8 : 0) + ((flags & 0x01) != 0 ? 4 : 0);
        var parsed = new Frame(flags, frame[5], frame.AsSpan(6, at - 7).ToArray());
        bool blockChecksums = (flags & 0x10) != 0;
        while (at + 4 <= frame.Length)
        {
            uint size = BinaryPrimitives.ReadUInt32LittleEndian(frame.AsSpan(at));
            at += 4;
            if (size == 0)
            {
                parsed.Trailer = frame.AsSpan(at).ToArray();
                return parsed;
            }

            int length = (int)(size & 0x7FFF_FFFF);
            if (length > frame.Length - at)
            {
                return null;
            }

            var data = frame.AsSpan(at, length).ToArray();
            parsed.Blocks.Add((size & 0x8000_0000) != 0 ? new Block(data) : new Block(Sequence.Parse(data) ?? [], data));
            at += length + (blockChecksums ? 4 : 0);
        }

        return null;
    }

    private sealed class Frame(byte flags, byte blockDescriptor, byte[] descriptorExtra)
    {
        public byte Flags { get; set; } = flags;

        public byte BlockDescriptor { get; set; } = blockDescriptor;

        public List<Block> Blocks { get; } = [];

        /// <summary>What follows the end mark: the content checksum, if any (left as it was: an edit may make it wrong).</summary>
        public byte[] Trailer { get; set; } = [];

        public byte[] Write()
        {
            var output = new List<byte>();
            Span<byte> word = stackalloc byte[4];
            BinaryPrimitives.WriteUInt32LittleEndian(word, Magic);
            output.AddRange(word);
            byte[] descriptor = [Flags, BlockDescriptor, .. descriptorExtra];
            output.AddRange(descriptor);
            output.Add((byte)(XxHash32.HashToUInt32(descriptor) >> 8));
            foreach (var block in Blocks)
            {
                byte[] data = block.Bytes();
                BinaryPrimitives.WriteUInt32LittleEndian(word, (uint)Math.Max(0, data.Length + block.SizeError) | (block.Stored ? 0x8000_0000 : 0));
                output.AddRange(word);
                output.AddRange(data);
                if ((Flags & 0x10) != 0)
                {
                    BinaryPrimitives.WriteUInt32LittleEndian(word, XxHash32.HashToUInt32(data));
                    output.AddRange(word);
                }
            }

            output.AddRange(new byte[4]);
            output.AddRange(Trailer);
            return [.. output];
        }
    }

    private sealed class Block
    {
        private readonly byte[] _raw;

        /// <summary>A compressed block, as its sequences; one that didn't parse keeps its bytes.</summary>
        public Block(List<Sequence> sequences, byte[] raw)
        {
            Sequences = sequences;
            _raw = raw;
        }

        public Block(List<Sequence> sequences)
            : this(sequences, [])
        {
        }

        /// <summary>A stored (uncompressed) block.</summary>
        public Block(byte[] stored)
        {
            Sequences = [];
            _raw = stored;
            Stored = true;
        }

        public List<Sequence> Sequences { get; }

        public bool Stored { get; set; }

        public int SizeError { get; set; }

        public byte[] Bytes()
        {
            if (Sequences.Count == 0)
            {
                return _raw;
            }

            var output = new List<byte>();
            for (int i = 0; i < Sequences.Count; i++)
            {
                Sequences[i].WriteTo(output, last: i == Sequences.Count - 1);
            }

            return [.. output];
        }

        public Block Copy() => new([.. Sequences.Select(s => new Sequence(s.Literals, s.Offset, s.MatchLength))], _raw) { Stored = Stored, SizeError = SizeError };
    }

    /// <summary>One LZ4 sequence: literals, then a match (none in a block's last sequence).</summary>
    private sealed class Sequence(byte[] literals, int offset, int matchLength)
    {
        public byte[] Literals { get; set; } = literals;

        public int Offset { get; set; } = offset;

        public int MatchLength { get; set; } = matchLength;

        public static List<Sequence>? Parse(byte[] block)
        {
            var sequences = new List<Sequence>();
            int at = 0;
            while (at < block.Length)
            {
                byte token = block[at++];
                int literals = token >> 4;
                if (!Extend(block, ref at, ref literals) || literals > block.Length - at)
                {
                    return null;
                }

                byte[] bytes = block.AsSpan(at, literals).ToArray();
                at += literals;
                if (at == block.Length)
                {
                    sequences.Add(new Sequence(bytes, 0, 0));
                    return sequences;
                }

                if (at + 2 > block.Length)
                {
                    return null;
                }

                int offset = BinaryPrimitives.ReadUInt16LittleEndian(block.AsSpan(at));
                at += 2;
                int match = token & 0x0F;
                if (!Extend(block, ref at, ref match))
                {
                    return null;
                }

                sequences.Add(new Sequence(bytes, offset, match + 4));
            }

            return null;
        }

        public void WriteTo(List<byte> output, bool last)
        {
            int match = last ? 0 : Math.Max(0, MatchLength - 4);
            output.Add((byte)((Math.Min(Literals.Length, 15) << 4) | Math.Min(match, 15)));
            WriteExtension(output, Literals.Length);
            output.AddRange(Literals);
            if (last)
            {
                return;
            }

            output.Add((byte)Offset);
            output.Add((byte)(Offset >> 8));
            WriteExtension(output, match);
        }

        private static bool Extend(byte[] block, ref int at, ref int length)
        {
            if (length != 15)
            {
                return true;
            }

            byte next;
            do
            {
                if (at >= block.Length || length > 1 << 26)
                {
                    return false;
                }

                next = block[at++];
                length += next;
            }
            while (next == 255);
            return true;
        }

        private static void WriteExtension(List<byte> output, int length)
        {
            if (length < 15)
            {
                return;
            }

            for (length -= 15; length >= 255; length -= 255)
            {
                output.Add(255);
            }

            output.Add((byte)length);
        }
    }
}

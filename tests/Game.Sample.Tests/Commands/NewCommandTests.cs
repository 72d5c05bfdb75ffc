using System.Buffers.Binary;

namespace Game.Sample.Tests.Commands;

/// <summary><c>game-sample new</c>: the saves the game itself writes, natively and under JIT, held to docs/FORMAT.md.</summary>
public sealed class NewCommandTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("new-command-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    /// <summary>
    /// docs/FORMAT.md, protobuf payload: the root's SchemaVersion (GameContent's field 1) is written even when it holds the
    /// model's default, so a reader of the payload alone can hold it to the header's (step 12).
    /// </summary>
    [Theory]
    [MemberData(nameof(GameProgram.Both), MemberType = typeof(GameProgram))]
    public void New_Protobuf_WritesTheRootsSchemaVersion(string program)
    {
        string path = Path.Combine(_folder, "small.sav");

        var run = GameProgram.Named(program).Run(["new", "--size", "small", "--out", path, "--format", "protobuf"]);

        Assert.True(run.ExitCode == 0, run.Error);
        byte[] file = File.ReadAllBytes(path);
        int metadataLength = BinaryPrimitives.ReadInt32LittleEndian(file.AsSpan(16));
        Assert.Equal(1, BinaryPrimitives.ReadInt32LittleEndian(file.AsSpan(12)));
        Assert.Equal(1UL, TopLevelVarint(file.AsSpan(52 + metadataLength), field: 1));
    }

    /// <summary>The value of a varint field of a protobuf message's top level, or null when the message lacks it.</summary>
    private static ulong? TopLevelVarint(ReadOnlySpan<byte> message, int field)
    {
        while (!message.IsEmpty)
        {
            ulong key = Varint(ref message);
            switch (key & 7)
            {
                case 0:
                    ulong value = Varint(ref message);
                    if ((int)(key >> 3) == field)
                    {
                        return value;
                    }

                    break;
                case 1:
                    message = message[8..];
                    break;
                case 2:
                    message = message[(int)Varint(ref message)..];
                    break;
                case 5:
                    message = message[4..];
                    break;
                default:
                    throw new InvalidDataException($"Wire type {key & 7} in the game's own payload.");
            }
        }

        return null;
    }

    private static ulong Varint(ref ReadOnlySpan<byte> bytes)
    {
        ulong value = 0;
        for (int shift = 0; ; shift += 7)
        {
            byte b = bytes[0];
            bytes = bytes[1..];
            value |= (ulong)(b & 0x7F) << shift;
            if (b < 0x80)
            {
                return value;
            }
        }
    }
}

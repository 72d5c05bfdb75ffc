using System.Buffers;
using System.Buffers.Binary;
using System.IO.Hashing;
using System.Text;
using Engine.Core.Generation;
using Engine.Serialization;
using Engine.Serialization.Compression;
using Engine.Serialization.Container;
using Engine.Serialization.Formats;
using Engine.Testing;
using Game.Sample.Commands;
using K4os.Compression.LZ4.Streams;
using MessagePack;

namespace Game.Sample.Tests.Commands;

/// <summary>
/// <c>game-sample load FILE</c>: its quiet form for the cold-start harness, and files made to hurt it,
/// natively and under JIT: each ends in one line on stderr naming the file, exit code 1, and nothing
/// else: no crash, no stack trace, no hang.
/// </summary>
public sealed class LoadCommandTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("load-command-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Fact]
    public void Load_Quiet_PrintsOnlyTheLoadTime_ForHarnesses()
    {
        string path = Path.Combine(_folder, "small.sav");
        SaveSerializer.SaveToFile(path, ContentGenerator.Create(ContentSize.Small));
        var output = new StringWriter();

        int exitCode = LoadCommand.Run([path, "--quiet"], output);

        Assert.Equal(0, exitCode);
        Assert.Matches(@"^load-ms=[0-9]+\.[0-9]{3}\r?\n$", output.ToString());
    }

    public static TheoryData<string, string> Cases()
    {
        var cases = new TheoryData<string, string>();
        foreach (string program in new[] { GameProgram.Jit.Name, GameProgram.Native.Name })
        {
            foreach (string file in HostileFiles.Keys)
            {
                cases.Add(program, file);
            }
        }

        return cases;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Load_OfAHostileFile_PrintsOneLineAndFails(string program, string file)
    {
        string path = Path.Combine(_folder, file + ".sav");
        File.WriteAllBytes(path, HostileFiles[file]());

        var run = GameProgram.Named(program).Run(["load", path]);

        Assert.True(run.ExitCode == 1, $"exit {run.ExitCode}: {run.Error}");
        Assert.Equal("", run.Output);
        Assert.StartsWith($"error: {path}: ", run.Error, StringComparison.Ordinal);
        Assert.Single(run.Error.TrimEnd('\n').Split('\n'));
        if (Reasons.TryGetValue(file, out string? reason))
        {
            Assert.Contains(reason, run.Error, StringComparison.Ordinal);
        }
    }

    /// <summary>The root element is named after the model's type when written; a reader takes any name, as the type may be renamed.</summary>
    [Theory]
    [MemberData(nameof(GameProgram.Both), MemberType = typeof(GameProgram))]
    public void Load_OfAnXmlSaveWhoseRootHasAnotherName_Loads(string program)
    {
        string path = Path.Combine(_folder, "other-root.sav");
        File.WriteAllBytes(path, Plain(SaveFormat.Xml, "<Other><Rooms><Room /><Room /></Rooms></Other>"u8.ToArray()));

        var run = GameProgram.Named(program).Run(["load", path]);

        Assert.True(run.ExitCode == 0, $"exit {run.ExitCode}: {run.Error}");
        Assert.Contains(", 2 rooms, ", run.Output, StringComparison.Ordinal);
    }

    public static TheoryData<string, string> SpecialFileCases()
    {
        var cases = new TheoryData<string, string>();
        foreach (string program in new[] { GameProgram.Jit.Name, GameProgram.Native.Name })
        {
            foreach (string kind in new[] { "fifo", "fifo-with-a-silent-writer", "socket", "folder", "device" })
            {
                cases.Add(program, kind);
            }
        }

        return cases;
    }

    /// <summary>
    /// What isn't a file is refused before it is opened: a pipe with no writer would block the open forever, one whose
    /// writer says nothing would block the read. The run's one-minute watchdog catches a hang; the answer is immediate.
    /// </summary>
    [Theory]
    [MemberData(nameof(SpecialFileCases))]
    public void Load_OfWhatIsNoFile_PrintsOneLineAndFails(string program, string kind)
    {
        string path = kind == "device" ? "/dev/zero" : Path.Combine(_folder, kind + ".sav");
        using var socket = kind == "socket" ? new System.Net.Sockets.Socket(System.Net.Sockets.AddressFamily.Unix, System.Net.Sockets.SocketType.Stream, System.Net.Sockets.ProtocolType.Unspecified) : null;
        switch (kind)
        {
            case "fifo" or "fifo-with-a-silent-writer":
                MakeFifo(path);
                break;
            case "socket":
                socket!.Bind(new System.Net.Sockets.UnixDomainSocketEndPoint(path));
                break;
            case "folder":
                Directory.CreateDirectory(path);
                break;
        }

        // The writer holds the pipe open (read-write, so its own open doesn't wait) and never writes.
        using var writer = kind == "fifo-with-a-silent-writer" ? new FileStream(path, FileMode.Open, FileAccess.ReadWrite) : null;

        var run = GameProgram.Named(program).Run(["load", path]);

        Assert.True(run.ExitCode == 1, $"exit {run.ExitCode}: {run.Error}");
        Assert.StartsWith($"error: {path}: ", run.Error, StringComparison.Ordinal);
        Assert.Single(run.Error.TrimEnd('\n').Split('\n'));
        string said = kind switch
        {
            "folder" => "is a folder, not a save file",
            "socket" => "is a socket, not a save file",
            "device" => "is a device, not a save file",
            _ => "is a pipe (FIFO), not a save file",
        };
        Assert.Contains(said, run.Error, StringComparison.Ordinal);
    }

    private static void MakeFifo(string path)
    {
        using var mkfifo = System.Diagnostics.Process.Start("mkfifo", [path])!;
        mkfifo.WaitForExit();
        Assert.Equal(0, mkfifo.ExitCode);
    }

    private static readonly Dictionary<string, Func<byte[]>> HostileFiles = new()
    {
        ["declares-gigabytes"] = () => Frame(SaveFormat.MessagePack, SaveCompression.None, [0xC0], int.MaxValue),
        ["lz4-declares-more-than-it-can-hold"] = () => Frame(SaveFormat.MessagePack, SaveCompression.Lz4, Lz4Zeros(1 << 20), 400_000_000),
        ["lz4-bomb"] = () => Frame(SaveFormat.Protobuf, SaveCompression.Lz4, Lz4Zeros(64 << 20), 1024),
        ["xml-entity-bomb"] = () => Plain(SaveFormat.Xml, Encoding.UTF8.GetBytes(
            "<?xml version=\"1.0\"?><!DOCTYPE GameContent [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">"
            + "<!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\">]><GameContent><Title>&c;</Title></GameContent>")),
        ["messagepack-count-of-two-billion"] = () => Plain(SaveFormat.MessagePack, [0xDF, 0x7F, 0xFF, 0xFF, 0xFF, 0xA5, .. "Title"u8, 0xA1, 0x41]),
        ["messagepack-nil-rooms"] = () => Plain(SaveFormat.MessagePack, [0x81, 0xA5, .. "Rooms"u8, 0xC0]),
        ["protobuf-length-of-two-billion"] = () => Plain(SaveFormat.Protobuf, [0x22, 0xFF, 0xFF, 0xFF, 0xFF, 0x07, 1, 2, 3]),
        ["cut-short"] = () => SaveSerializer.Save(ContentGenerator.Create(ContentSize.Small)).AsSpan(0, 3000).ToArray(),
        ["xml-a-million-deep-under-an-unknown-element"] = () => Plain(SaveFormat.Xml, NestedUnderAnUnknownElement(1_000_000)),
        ["xml-a-million-deep-under-an-unknown-element-lz4"] = () => Lz4(SaveFormat.Xml, NestedUnderAnUnknownElement(1_000_000)),
        ["xml-with-a-byte-order-mark"] = () => Plain(SaveFormat.Xml, [0xEF, 0xBB, 0xBF, .. "<GameContent><Title>A</Title></GameContent>"u8]),
        ["xml-declaring-latin-1"] = () => Plain(SaveFormat.Xml, [.. "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><GameContent><Title>Caf"u8, 0xE9, .. "</Title></GameContent>"u8]),
        ["xml-in-utf-16-without-a-byte-order-mark"] = () => Plain(SaveFormat.Xml, Encoding.Unicode.GetBytes("<GameContent><Title>A</Title></GameContent>")),
        ["xml-not-utf-8"] = () => Plain(SaveFormat.Xml, [.. "<GameContent><Title>Caf"u8, 0xE9, .. "</Title></GameContent>"u8]),

        // docs/FORMAT.md, "Container versions": no version-1 writer wrote ModelId, so a version-1 block naming a model is damage.
        ["version-1-metadata-naming-a-model"] = () => Handmade(Metadata(("ModelId", SaveContainer.Version1ModelId)), [0x80], containerVersion: 1),

        // docs/FORMAT.md, "Reading, in order", step 12: metadata holding nil is damage, in the slot's name too.
        ["metadata-nil-slot-name"] = () => Handmade(Metadata(("ModelId", SaveContainer.Version1ModelId), ("SlotName", null)), [0x80]),

        // docs/FORMAT.md, step 12: a root's SchemaVersion must be the header's (1), here in a protobuf payload: schema_version = 2.
        ["protobuf-schema-version-disagreeing-with-the-header"] = () => Plain(SaveFormat.Protobuf, [0x08, 0x02]),
    };

    /// <summary>What the message must say for the files refused for one reason only (the rules docs/FORMAT.md gives them).</summary>
    private static readonly Dictionary<string, string> Reasons = new()
    {
        ["version-1-metadata-naming-a-model"] = "version-1 metadata names a model",
        ["metadata-nil-slot-name"] = "holds nil for its SlotName",
        ["protobuf-schema-version-disagreeing-with-the-header"] = "The payload says it holds schema 2, the header schema 1",
    };

    /// <summary>A game holding a member this build lacks, whose elements nest <paramref name="levels"/> deep: 7 bytes a level, about 30 KB in LZ4.</summary>
    private static byte[] NestedUnderAnUnknownElement(int levels) => Encoding.UTF8.GetBytes(
        $"<GameContent><Unknown>{string.Concat(Enumerable.Repeat("<a>", levels))}{string.Concat(Enumerable.Repeat("</a>", levels))}</Unknown></GameContent>");

    private static byte[] Lz4(SaveFormat format, byte[] payload) => Frame(format, SaveCompression.Lz4, Lz4Frame(payload), payload.Length);

    private static byte[] Plain(SaveFormat format, byte[] payload) => Frame(format, SaveCompression.None, payload, payload.Length);

    /// <summary>Frames a payload as a save file; a hostile one may declare more than a load accepts, which a game's save refuses.</summary>
    private static byte[] Frame(SaveFormat format, SaveCompression compression, byte[] stored, int decodedLength)
    {
        var file = new ArrayBufferWriter<byte>();
        var anySize = LoadOptions.Default with { MaxPayloadBytes = int.MaxValue, MaxMemoryBytes = long.MaxValue };
        SaveContainer.Write(
            file, format, compression, 1, new SaveMetadata { Title = "hostile", ModelId = SaveContainer.Version1ModelId }, stored, decodedLength, anySize);
        return file.WrittenSpan.ToArray();
    }

    /// <summary>A MessagePack metadata map of the given keys; a null value is written as nil.</summary>
    private static byte[] Metadata(params (string Key, string? Value)[] entries)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new MessagePackWriter(buffer);
        writer.WriteMapHeader(entries.Length);
        foreach (var (key, value) in entries)
        {
            writer.Write(key);
            writer.Write(value);
        }

        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>
    /// A save of schema 1 around metadata bytes a game's save would refuse to write and an uncompressed MessagePack payload,
    /// in <paramref name="containerVersion"/> (its checksums as docs/FORMAT.md defines them for that version).
    /// </summary>
    private static byte[] Handmade(byte[] metadata, byte[] payload, ushort containerVersion = SaveContainer.CurrentVersion)
    {
        byte[] file = [.. new byte[SaveContainer.HeaderSize], .. metadata, .. payload];
        var header = file.AsSpan(0, SaveContainer.HeaderSize);
        SaveContainer.WriteHeader(header, SaveFormat.MessagePack, SaveCompression.None, 1, metadata, payload, payload.Length, LoadOptions.Default);
        BinaryPrimitives.WriteUInt16LittleEndian(header[8..], containerVersion);
        BinaryPrimitives.WriteUInt64LittleEndian(header[SaveContainer.PayloadChecksumOffset..], SaveFileChecksums.Payload(payload, containerVersion));
        BinaryPrimitives.WriteUInt32LittleEndian(header[SaveContainer.HeaderChecksumOffset..], Crc32.HashToUInt32(header[..SaveContainer.HeaderChecksumOffset]));
        return file;
    }

    private static byte[] Lz4Zeros(int length) => Lz4Frame(new byte[length]);

    private static byte[] Lz4Frame(byte[] content)
    {
        using var stored = new MemoryStream();
        using (var encoder = LZ4Stream.Encode(stored, leaveOpen: true))
        {
            encoder.Write(content);
        }

        return stored.ToArray();
    }
}

using System.Text.Json;
using Engine.Serialization.Container;

namespace SaveTool.Tests.Commands;

/// <summary><c>savetool info</c>: what a save says of itself and whether each checksum holds, damaged or not.</summary>
public sealed class InfoTests : IDisposable
{
    private readonly SaveFiles _files = new();

    public void Dispose() => _files.Dispose();

    /// <summary>
    /// A save whose metadata is hostile: an escape sequence, a line break that would forge a report line, a right-to-left
    /// override; and a play time past a day. info, verify (its model unknown, so the id is shown) and dump show them as text.
    /// </summary>
    [Theory]
    [InlineData("jit")]
    [InlineData("native")]
    public void InfoVerifyAndDump_ShowWhatAHostileSaveSaysAsText(string program)
    {
        var tool = SaveToolProgram.Named(program);
        var content = SaveFiles.Small();
        content.Player.Name = "Ann\u202Eeliv";
        var payload = Engine.Serialization.SaveSerializer.ReadPayload(Engine.Serialization.SaveSerializer.Save(content)).Payload;
        var metadata = new SaveMetadata
        {
            Title = "Cave\u001b[2J\u001b]0;owned\u0007\n  model      forged",
            SlotName = "camp\u2028slot",
            GameId = "game\u202Eeliv",
            ModelId = "model\u001b[31m",
            PlayTimeSeconds = 90_061,
        };
        var file = new System.Buffers.ArrayBufferWriter<byte>();
        SaveContainer.Write(file, SaveFormat.MessagePack, SaveCompression.None, 1, metadata, payload.Span, payload.Length);
        string path = _files.PathOf("hostile\u001b[1m.sav");
        File.WriteAllBytes(path, file.WrittenSpan.ToArray());

        var info = tool.Start("info", path);
        var verify = tool.Start("verify", path);
        var dump = tool.Start("dump", path, "--path", "Player.Name");

        string shownPath = path.Replace("\u001b", "\\u001B", StringComparison.Ordinal);
        Assert.Equal((0, ""), (info.ExitCode, info.Error));
        Assert.Equal(
            [
                shownPath,
                "  container  version 3; messagepack, none; schema 1",
                "  model      model\\u001B[31m (not known here)",
                "  title      Cave\\u001B[2J\\u001B]0;owned\\u0007\\u000A  model      forged",
                "  slot       camp\\u2028slot",
                "  game       game\\u202Eeliv",
            ],
            info.Output.Split('\n').Take(6));
        Assert.Contains("  play time  90,061.0 s (25:01:01)\n", info.Output, StringComparison.Ordinal);
        Assert.Equal((0, ""), (verify.ExitCode, verify.Error));
        Assert.StartsWith($"ok {shownPath}: container, checksums and document structure intact (messagepack, none, schema 1); its model, 'model\\u001B[31m', is not known here", verify.Output, StringComparison.Ordinal);
        Assert.Equal((0, "\"Ann\\u202Eeliv\"\n"), (dump.ExitCode, dump.Output));
        foreach (var run in new[] { info, verify, dump })
        {
            Assert.Equal(-1, run.Output.AsSpan().IndexOfAny("\u001b\u0007\u202e\u2028"));
        }
    }

    [Fact]
    public void Info_ShowsTheHeaderMetadataSizesRatioAndChecksums()
    {
        string path = _files.Write("slot.sav", SaveFiles.Small(), SaveFormat.Xml, SaveCompression.Lz4);
        var (info, _) = SaveContainer.Open(File.ReadAllBytes(path), Engine.Serialization.LoadOptions.Default);
        double ratio = (double)info.Header.DecodedLength / info.Header.PayloadLength;

        var run = SaveToolProgram.Run("info", path);

        Assert.Equal((0, ""), (run.ExitCode, run.Error));
        Assert.StartsWith(path + "\n", run.Output, StringComparison.Ordinal);
        Assert.Contains("version 3; xml, lz4; schema 1", run.Output, StringComparison.Ordinal);
        Assert.Contains("Engine.Core.Model.GameContent (known here)", run.Output, StringComparison.Ordinal);
        Assert.Contains("Chapter 2: The Cave", run.Output, StringComparison.Ordinal);
        Assert.Contains("2026-11-22 18:30:05Z", run.Output, StringComparison.Ordinal);
        Assert.Contains("not saved through a slot", run.Output, StringComparison.Ordinal);
        Assert.Contains($"payload {info.Header.PayloadLength:N0} (decoded {info.Header.DecodedLength:N0}: {ratio:F2}x)", run.Output, StringComparison.Ordinal);
        Assert.Contains($"payload {info.Header.PayloadChecksum:x16} valid", run.Output, StringComparison.Ordinal);
        Assert.Equal(3, run.Output.Split(" valid").Length - 1);
    }

    [Fact]
    public void Info_Json_GivesEachFilesFields()
    {
        string first = _files.Write("a.sav", SaveFiles.Small());
        string second = _files.Write("b.sav", SaveFiles.Small(), SaveFormat.Protobuf, SaveCompression.Lz4);

        var run = SaveToolProgram.Run("info", first, second, "--json");

        Assert.Equal(0, run.ExitCode);
        using var json = JsonDocument.Parse(run.Output);
        var saves = json.RootElement.EnumerateArray().ToList();
        Assert.Equal([first, second], saves.Select(save => save.GetProperty("path").GetString()));
        var b = saves[1];
        Assert.True(b.GetProperty("intact").GetBoolean());
        Assert.Equal("protobuf", b.GetProperty("format").GetString());
        Assert.Equal("lz4", b.GetProperty("compression").GetString());
        Assert.Equal("Chapter 2: The Cave", b.GetProperty("metadata").GetProperty("title").GetString());
        Assert.True(b.GetProperty("metadata").GetProperty("modelKnown").GetBoolean());
        Assert.Equal("", b.GetProperty("metadata").GetProperty("slotName").GetString());
        Assert.Equal(new FileInfo(second).Length, b.GetProperty("sizes").GetProperty("file").GetInt64());
        Assert.True(b.GetProperty("sizes").GetProperty("compressionRatio").GetDouble() > 1);
        Assert.All(["header", "metadata", "payload"], name => Assert.True(b.GetProperty("checksums").GetProperty(name).GetProperty("valid").GetBoolean()));
    }

    [Fact]
    public void Info_OfASlotsSave_ShowsTheSlotNameAsThePlayerTypedIt()
    {
        var slots = new Engine.Serialization.Slots.SaveSlotStore<Engine.Core.Model.GameContent>(_files.Folder);
        slots.Save("Chapter 2: The Cave / ボス", SaveFiles.Small());

        var run = SaveToolProgram.Run("info", slots.PathOf("Chapter 2: The Cave / ボス"));

        Assert.Equal(0, run.ExitCode);
        Assert.Matches(@"\n *slot +Chapter 2: The Cave / ボス\n", run.Output);
    }

    [Fact]
    public void Info_OfADamagedSave_ShowsWhichChecksumFails_AndExits1()
    {
        string path = _files.Write("slot.sav", SaveFiles.Small());
        byte[] bytes = File.ReadAllBytes(path);
        bytes[^10] ^= 0x40;
        File.WriteAllBytes(path, bytes);

        var run = SaveToolProgram.Run("info", path);

        Assert.Equal((1, ""), (run.ExitCode, run.Error));
        Assert.Contains("Chapter 2: The Cave", run.Output, StringComparison.Ordinal);
        Assert.Matches("payload [0-9a-f]{16} WRONG", run.Output);
        Assert.Contains("problem    The payload's checksum does not match", run.Output, StringComparison.Ordinal);
    }

    [Fact]
    public void Info_OfFilesSomeNotSaves_ReportsTheSaves_AndOneLinePerOther()
    {
        string save = _files.Write("slot.sav", SaveFiles.Small());
        string text = _files.PathOf("notes.txt");
        File.WriteAllText(text, "not a save");

        var run = SaveToolProgram.Run("info", save, text);

        Assert.Equal(2, run.ExitCode);
        Assert.StartsWith(save, run.Output, StringComparison.Ordinal);
        Assert.Equal($"error: {text}: This is not a save file: it does not start with the save signature. Choose a save file written by this game.", run.OneErrorLine());
    }
}

using System.Text.Json;
using Engine.Core.Model;
using Engine.Serialization;
using Engine.Serialization.Container;
using Engine.Serialization.Models;
using Engine.Serialization.Tests.Fixtures;

namespace SaveTool.Tests.Commands;

/// <summary><c>savetool dump</c>: the game as JSON, from every format; one member with --path.</summary>
public sealed class DumpTests : IDisposable
{
    private readonly SaveFiles _files = new();

    public void Dispose() => _files.Dispose();

    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public void Dump_OfEveryFormat_GivesTheSameJson_AsTheMessagePackPayload(SaveFormat format, SaveCompression compression)
    {
        var content = SaveFiles.Small();
        string reference = _files.Write("reference.sav", content);
        string path = _files.Write("slot.sav", content, format, compression);

        var run = SaveToolProgram.Run("dump", path);

        Assert.Equal((0, ""), (run.ExitCode, run.Error));
        Assert.Equal(SaveToolProgram.Run("dump", reference).Output, run.Output);
        using var json = JsonDocument.Parse(run.Output);
        Assert.Equal(content.Rooms[2].Name, json.RootElement.GetProperty("Rooms")[2].GetProperty("Name").GetString());
        Assert.Equal(content.Rooms[0].WalkGrid.Cells[5], json.RootElement.GetProperty("Rooms")[0].GetProperty("WalkGrid").GetProperty("Cells")[5].GetSingle());
        Assert.Equal(content.Player.Score, json.RootElement.GetProperty("Player").GetProperty("Score").GetInt32());
    }

    [Theory]
    [InlineData("Rooms[2].Name", "\"{0}\"")]
    [InlineData("Player.Score", "{1}")]
    [InlineData("Rooms[1].Size", "{{\n  \"X\": {2},\n  \"Y\": {3}\n}}")]
    public void Dump_Path_GivesOneMember(string member, string expected)
    {
        var content = SaveFiles.Small();
        string path = _files.Write("slot.sav", content, SaveFormat.Protobuf);

        var run = SaveToolProgram.Run("dump", path, "--path", member);

        Assert.Equal(0, run.ExitCode);
        Assert.Equal(string.Format(System.Globalization.CultureInfo.InvariantCulture, expected, content.Rooms[2].Name, content.Player.Score, content.Rooms[1].Size.X, content.Rooms[1].Size.Y) + "\n", run.Output);
    }

    [Theory]
    [InlineData("Rooms[99].Name", "'Rooms[99].Name' is not in the game: Rooms is a list of 3 items; [99] is none of them.")]
    [InlineData("Rooms[1].Nmae", "'Rooms[1].Nmae' is not in the game: Rooms[1] has no member 'Nmae'; it has Id, Name, Description,")]
    [InlineData("Player.Score.Points", "'Player.Score.Points' is not in the game: Player.Score is an int, so it has no member 'Points'.")]
    [InlineData("Rooms[1", "'Rooms[1' is not a member path (a '[' needs an index or key and a ']'); write one as C# does, like Rooms[3].Name, Map[2,3] or Stock[\"wood\"]; see 'savetool --help'")]
    [InlineData("Rooms..Name", "'Rooms..Name' is not a member path (a member name is missing)")]
    public void Dump_PathNotInTheGame_IsOneLine(string member, string message)
    {
        string path = _files.Write("slot.sav", SaveFiles.Small());

        var run = SaveToolProgram.Run("dump", path, "--path", member);

        Assert.Equal((2, ""), (run.ExitCode, run.Output));
        Assert.StartsWith("error: " + message, run.OneErrorLine(), StringComparison.Ordinal);
    }

    [Fact]
    public void Dump_NumbersJsonCanNotHold_AreWrittenAsText()
    {
        var content = SaveFiles.Small();
        content.Camera.Zoom = float.NaN;
        content.Timers[0].RemainingSeconds = double.PositiveInfinity;
        string path = _files.Write("slot.sav", content);

        var run = SaveToolProgram.Run("dump", path);

        using var json = JsonDocument.Parse(run.Output);
        Assert.Equal("NaN", json.RootElement.GetProperty("Camera").GetProperty("Zoom").GetString());
        Assert.Equal("Infinity", json.RootElement.GetProperty("Timers")[0].GetProperty("RemainingSeconds").GetString());
    }

    [Fact]
    public void Dump_OfAMediumSave_ReadsEveryRoom()
    {
        var content = ContentGenerator.Create(ContentSize.Medium);
        string path = _files.Write("medium.sav", content, SaveFormat.MessagePack, SaveCompression.Lz4);

        var run = SaveToolProgram.Run("dump", path);

        using var json = JsonDocument.Parse(run.Output);
        var rooms = json.RootElement.GetProperty("Rooms");
        Assert.Equal(content.Rooms.Count, rooms.GetArrayLength());
        Assert.Equal(content.Rooms[^1].WalkGrid.Cells.Count, rooms[content.Rooms.Count - 1].GetProperty("WalkGrid").GetProperty("Cells").GetArrayLength());
    }

    /// <summary>A hostile payload: the structure is checked, nesting bounded, before anything walks it.</summary>
    [Fact]
    public void Dump_OfAPayloadNestedTooDeeply_IsRefused()
    {
        byte[] payload = [0x81, 0xA1, (byte)'a', .. Enumerable.Repeat((byte)0x91, 100_000), 0xC0];
        var file = new System.Buffers.ArrayBufferWriter<byte>();
        SaveContainer.Write(file, SaveFormat.MessagePack, SaveCompression.None, 1, new SaveMetadata { ModelId = "another.game" }, payload, payload.Length);
        string path = _files.PathOf("deep.sav");
        File.WriteAllBytes(path, file.WrittenSpan.ToArray());

        var run = SaveToolProgram.Run("dump", path);

        Assert.Equal((2, ""), (run.ExitCode, run.Output));
        Assert.Equal(
            $"error: {path}: The MessagePack payload is not a well-formed document (The data nests maps and arrays deeper than 1008 levels, deeper than any save a game writes). Load an earlier save.",
            run.OneErrorLine());
    }

    /// <summary>
    /// A newer game's save, which this game loads: its player holds a member the model lacks, a chain of nodes each
    /// holding a 1x1 grid of the next, 481 levels deep as that game counts them (each node and each grid one) and 722 as
    /// a document does (the grid is two arrays). savetool reads such saves as the load takes them.
    /// </summary>
    [Theory]
    [MemberData(nameof(SaveToolProgram.Programs), MemberType = typeof(SaveToolProgram))]
    public void DumpAndVerify_OfADeepSaveTheGameLoads_ReadIt(string program)
    {
        var tool = SaveToolProgram.Named(program);
        byte[] save = NewerGamesDeepSave(SaveModels.IdOf<GameContent>());
        Assert.Equal("Ace", SaveSerializer.Load<GameContent>(save).Player.Name);
        string path = _files.PathOf("deep.sav");
        File.WriteAllBytes(path, save);
        string unknownModel = _files.PathOf("another-game.sav");
        File.WriteAllBytes(unknownModel, NewerGamesDeepSave("another.game"));

        var dump = tool.Start("dump", path, "--path", "Player.Name");
        var whole = tool.Start("dump", path);
        var verify = tool.Start("verify", unknownModel);

        Assert.Equal((0, "\"Ace\"\n", ""), (dump.ExitCode, dump.Output, dump.Error));
        Assert.Equal((0, ""), (whole.ExitCode, whole.Error));
        Assert.Equal(0, verify.ExitCode);
        Assert.Contains("document structure intact", verify.Output, StringComparison.Ordinal);
    }

    private static byte[] NewerGamesDeepSave(string modelId)
    {
        // {"Grid": [1, 1, [{"Grid": [1, 1, [ ... {"Grid": nil} ]]}]]}, 240 nodes
        byte[] open = [0x81, 0xA4, .. "Grid"u8, 0x93, 0x01, 0x01, 0x91];
        byte[] member = [0xA6, .. "Future"u8, .. Enumerable.Repeat(open, 239).SelectMany(b => b), 0x81, 0xA4, .. "Grid"u8, 0xC0];
        return SaveFiles.WithAPlayerMemberTheModelLacks(SaveFiles.Small(), member, modelId);
    }

    /// <summary>Without the model an XML payload is read by its elements, to the depth a load reads, in time linear in its size.</summary>
    [Theory]
    [MemberData(nameof(SaveToolProgram.Programs), MemberType = typeof(SaveToolProgram))]
    public void Dump_OfAnXmlPayloadNestedAMillionDeep_IsRefused(string program)
    {
        const int levels = 1_000_000;
        byte[] payload = System.Text.Encoding.UTF8.GetBytes($"<Game>{string.Concat(Enumerable.Repeat("<a>", levels))}{string.Concat(Enumerable.Repeat("</a>", levels))}</Game>");
        var stored = new System.Buffers.ArrayBufferWriter<byte>();
        PayloadCompression.Compress(SaveCompression.Lz4, payload, stored, Lz4Level.Fast);
        var file = new System.Buffers.ArrayBufferWriter<byte>();
        SaveContainer.Write(file, SaveFormat.Xml, SaveCompression.Lz4, 1, new SaveMetadata { ModelId = "another.game" }, stored.WrittenSpan, payload.Length);
        string path = _files.PathOf("deep.sav");
        File.WriteAllBytes(path, file.WrittenSpan.ToArray());

        var run = SaveToolProgram.Named(program).Start("dump", path);

        Assert.Equal((2, ""), (run.ExitCode, run.Output));
        Assert.Contains($"The XML nests elements deeper than {Engine.Serialization.Internal.XmlCodec.MaxDepth} levels. Load an earlier save.", run.OneErrorLine(), StringComparison.Ordinal);
    }
}

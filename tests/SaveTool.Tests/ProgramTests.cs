using System.Text.Json;
using Engine.Serialization;
using RpgGame.Model;

namespace SaveTool.Tests;

/// <summary>
/// The savetool program, under JIT and NativeAOT: it knows GameContent only, so another game's saves show what works
/// without the model; and bad input of every kind ends in one line on stderr and a non-zero exit, never a stack trace.
/// </summary>
public sealed class ProgramTests : IDisposable
{
    private readonly SaveFiles _files = new();

    public void Dispose() => _files.Dispose();

    public static TheoryData<string, string> BadInputs()
    {
        var cases = new TheoryData<string, string>();
        foreach (string program in new[] { SaveToolProgram.Jit.Name, SaveToolProgram.Native.Name })
        {
            foreach (string input in new[] { "missing", "not-a-save", "cut-short", "fifo", "folder", "unknown-model", "bad-path", "unknown-command" })
            {
                cases.Add(program, input);
            }
        }

        return cases;
    }

    [Theory]
    [MemberData(nameof(BadInputs))]
    public void BadInput_IsOneLineOnStderr_AndExit2(string program, string input)
    {
        string save = _files.Write("slot.sav", SaveFiles.Small());
        string path = _files.PathOf(input + ".sav");
        string[] arguments = ["dump", path];
        string expected = path;
        switch (input)
        {
            case "not-a-save":
                File.WriteAllText(path, "{ \"not\": \"a save\" }");
                break;
            case "cut-short":
                File.WriteAllBytes(path, File.ReadAllBytes(save)[..3000]);
                break;
            case "fifo":
                using (var mkfifo = System.Diagnostics.Process.Start("mkfifo", [path])!)
                {
                    mkfifo.WaitForExit();
                }

                break;
            case "folder":
                Directory.CreateDirectory(path);
                break;
            case "unknown-model":
                _files.Write(input + ".sav", PartyFactory.Sample());
                arguments = ["convert", path, _files.PathOf("out.sav"), "--format", "xml"];
                expected = $"{path}: convert needs the save's model, 'rpg-demo.party', which this program doesn't know";
                break;
            case "bad-path":
                arguments = ["dump", save, "--path", "Rooms[7]"];
                expected = "'Rooms[7]' is not in the game";
                break;
            case "unknown-command":
                arguments = ["show", save];
                expected = "unknown command 'show'; see 'savetool --help'";
                break;
        }

        var run = SaveToolProgram.Named(program).Start(arguments);

        Assert.True(run.ExitCode == 2, $"exit {run.ExitCode}: {run.Error}");
        Assert.Equal("", run.Output);
        Assert.StartsWith("error: " + expected, run.OneErrorLine(), StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(SaveToolProgram.Programs), MemberType = typeof(SaveToolProgram))]
    public void WithoutTheModel_MessagePackAndXmlAreRead_ProtobufIsRefused(string program)
    {
        var party = PartyFactory.Sample();
        string messagePack = _files.Write("party.sav", party, SaveFormat.MessagePack, SaveCompression.Lz4);
        string xml = _files.Write("party-xml.sav", party, SaveFormat.Xml);
        string protobuf = _files.Write("party-protobuf.sav", party, SaveFormat.Protobuf);
        var tool = SaveToolProgram.Named(program);

        var fromMessagePack = tool.Start("dump", messagePack);
        var fromXml = tool.Start("dump", xml, "--path", "Location");
        var fromProtobuf = tool.Start("dump", protobuf);
        var verified = tool.Start("verify", _files.Folder);

        Assert.Equal(0, fromMessagePack.ExitCode);
        using var json = JsonDocument.Parse(fromMessagePack.Output);
        Assert.Equal(party.PartyName, json.RootElement.GetProperty("PartyName").GetString());
        Assert.Equal(party.Steps, json.RootElement.GetProperty("Steps").GetInt64());
        Assert.Equal((0, "\"Old Mill\"\n"), (fromXml.ExitCode, fromXml.Output));
        Assert.Equal(2, fromProtobuf.ExitCode);
        Assert.Contains("needs its model, 'rpg-demo.party', since protobuf numbers its fields", fromProtobuf.OneErrorLine(), StringComparison.Ordinal);
        Assert.Equal(0, verified.ExitCode);
        Assert.Contains("its model, 'rpg-demo.party', is not known here, so the payload was not decoded", verified.Output, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(SaveToolProgram.Programs), MemberType = typeof(SaveToolProgram))]
    public void WithoutTheModel_AMessagePackSaveIsEdited_InItsOwnStructure_AnXmlSaveIsNot(string program)
    {
        string path = _files.Write("party.sav", PartyFactory.Sample(), SaveFormat.MessagePack, SaveCompression.Lz4);

        string xml = _files.Write("party-xml.sav", PartyFactory.Sample(), SaveFormat.Xml);

        var run = SaveToolProgram.Named(program).Start("edit", path, "--set", "Location=Harbor", "--set", "Steps=50000");
        var ofXml = SaveToolProgram.Named(program).Start("edit", xml, "--set", "Location=Harbor");

        Assert.Equal((0, ""), (run.ExitCode, run.Error));
        var party = SaveSerializer.LoadFromFile<PartyState>(path);
        Assert.Equal(("Harbor", 50000L), (party.Location, party.Steps));
        Assert.Equal(SaveCompression.Lz4, SaveSerializer.ReadInfo(path).Header.Compression);
        Assert.Equal(2, ofXml.ExitCode);
        Assert.StartsWith($"error: {xml}: edit of an XML or protobuf save needs the save's model, 'rpg-demo.party'", ofXml.OneErrorLine(), StringComparison.Ordinal);
    }

    /// <summary>The Medium save is the size the issue names for dump's speed; its time is measured apart (README), not asserted here.</summary>
    [Fact]
    public void NativeDump_OfAMediumSave_IsTheJsonOfTheInProcessDump()
    {
        string path = _files.Write("medium.sav", ContentGenerator.Create(ContentSize.Medium), SaveFormat.MessagePack, SaveCompression.Lz4);

        var native = SaveToolProgram.Native.Start("dump", path);

        Assert.Equal((0, ""), (native.ExitCode, native.Error));
        Assert.Equal(SaveToolProgram.Run("dump", path).Output, native.Output);
    }

    [Fact]
    public void Help_ListsTheCommands_AndTheModelsTheProgramKnows()
    {
        var run = SaveToolProgram.Jit.Start("--help");

        Assert.Equal(0, run.ExitCode);
        Assert.All(["info", "dump", "verify", "convert", "diff", "edit"], command => Assert.Contains($"\n  {command} ", run.Output, StringComparison.Ordinal));
        Assert.EndsWith("Models this program knows: 'Engine.Core.Model.GameContent'.\n", run.Output, StringComparison.Ordinal);
    }
}

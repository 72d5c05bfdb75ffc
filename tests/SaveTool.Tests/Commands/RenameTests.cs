using System.Text;
using Engine.Serialization;
using Engine.Serialization.Container;
using Engine.Serialization.Models;
using Engine.Serialization.Tests.Fixtures;
using Engine.Testing;
using MessagePack;

namespace SaveTool.Tests.Commands;

/// <summary>
/// savetool reads a save through its model: a member renamed with [FormerlySavedAs] is found under its new key in a
/// save of the release before the rename (dump --path, diff, edit), and an edited save is written with the new key only.
/// </summary>
public sealed class RenameTests : IDisposable
{
    private readonly SaveFiles _files = new();

    public void Dispose() => _files.Dispose();

    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public void Dump_OfASaveBeforeTheRename_FindsTheMemberUnderItsNewKey(SaveFormat format, SaveCompression compression)
    {
        string path = WriteReleaseOne(format, compression);

        var member = SaveToolProgram.Run("dump", path, "--path", "Crew[1].Callsign");
        var whole = SaveToolProgram.Run("dump", path);

        Assert.Equal((0, "\"Bel\"\n", ""), (member.ExitCode, member.Output, member.Error));
        Assert.Equal((0, ""), (whole.ExitCode, whole.Error));
        Assert.DoesNotContain("Nickname", whole.Output, StringComparison.Ordinal);
        Assert.Contains("\"Title\": \"Haven\"", whole.Output, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public void Diff_OfASaveBeforeTheRename_AndOneAfter_OfTheSameGame_IsEqual(SaveFormat format, SaveCompression compression)
    {
        string before = WriteReleaseOne(format, compression);
        string after = _files.Write("after.sav", ReleaseTwo(), format, compression);

        var run = SaveToolProgram.Run("diff", before, after);

        Assert.Equal((0, "The games are equal.\n", ""), (run.ExitCode, run.Output, run.Error));
    }

    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public void Edit_OfASaveBeforeTheRename_SetsTheMemberByItsNewKey_AndWritesOnlyTheNewKey(SaveFormat format, SaveCompression compression)
    {
        string path = WriteReleaseOne(format, compression);

        var run = SaveToolProgram.Run("edit", path, "--set", "Crew[0].Callsign=Zed");

        Assert.Equal((0, ""), (run.ExitCode, run.Error));
        var expected = ReleaseTwo();
        expected.Crew[0].Callsign = "Zed";
        GraphAssert.Equal(expected, SaveSerializer.LoadFromFile<RenamedCrew>(path));
        if (format != SaveFormat.Protobuf)
        {
            var payload = Encoding.UTF8.GetString(SaveSerializer.ReadPayload(File.ReadAllBytes(path)).Payload.Span);
            Assert.DoesNotContain("Nickname", payload, StringComparison.Ordinal);
            Assert.DoesNotContain("Name", payload.Replace("Callsign", "", StringComparison.Ordinal), StringComparison.Ordinal);
        }
    }

    /// <summary>Release 1's save, as the game's release 1 wrote it (under the game's model Id: one assembly can't hold two models of one Id).</summary>
    private string WriteReleaseOne(SaveFormat format, SaveCompression compression)
    {
        var options = new SaveOptions { Format = format, Compression = compression };
        byte[] payload = SaveSerializer.ReadPayload(SaveSerializer.Save(ReleaseOne(), options: options)).Payload.ToArray();
        var stored = new System.Buffers.ArrayBufferWriter<byte>();
        PayloadCompression.Compress(compression, payload, stored, Lz4Level.Fast);
        var file = new System.Buffers.ArrayBufferWriter<byte>();
        SaveContainer.Write(file, format, compression, 1, new SaveMetadata { Title = "colony", ModelId = SaveModels.IdOf<RenamedCrew>() }, stored.WrittenSpan, payload.Length);
        string path = _files.PathOf("before.sav");
        File.WriteAllBytes(path, file.WrittenSpan.ToArray());
        return path;
    }

    private static CrewV1 ReleaseOne() => new()
    {
        Name = "Haven",
        Crew = [new CrewMemberV1 { Nickname = "Ash", Age = 30 }, new CrewMemberV1 { Nickname = "Bel", Age = 24 }],
    };

    private static RenamedCrew ReleaseTwo() => new()
    {
        Title = "Haven",
        Crew = [new CrewMember { Callsign = "Ash", Age = 30 }, new CrewMember { Callsign = "Bel", Age = 24 }],
    };
}

/// <summary>A crew game's release 1.</summary>
[SaveModel(Id = "savetool.tests.crew.release1")]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class CrewV1
{
    public string Name { get; set; } = "";

    public List<CrewMemberV1> Crew { get; set; } = [];
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class CrewMemberV1
{
    public string Nickname { get; set; } = "";

    public int Age { get; set; }
}

/// <summary>Its release 2, which renamed two members.</summary>
[SaveModel(Id = "savetool.tests.crew")]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class RenamedCrew
{
    [FormerlySavedAs("Name")]
    public string Title { get; set; } = "";

    public List<CrewMember> Crew { get; set; } = [];
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class CrewMember
{
    [FormerlySavedAs("Nickname")]
    public string Callsign { get; set; } = "";

    public int Age { get; set; }
}

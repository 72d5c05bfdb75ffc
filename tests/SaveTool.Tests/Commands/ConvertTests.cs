using Engine.Core.Model;
using Engine.Serialization;
using Engine.Serialization.Models;
using Engine.Testing;

namespace SaveTool.Tests.Commands;

/// <summary><c>savetool convert</c>: the same game, through its model, in another format; metadata kept.</summary>
public sealed class ConvertTests : IDisposable
{
    private readonly SaveFiles _files = new();

    public void Dispose() => _files.Dispose();

    public static TheoryData<string, string?, SaveFormat, SaveCompression> Cases() => new()
    {
        { "xml", "--lz4", SaveFormat.Xml, SaveCompression.Lz4 },
        { "protobuf", null, SaveFormat.Protobuf, SaveCompression.Lz4 },
        { "messagepack", "--no-compression", SaveFormat.MessagePack, SaveCompression.None },
        { "XML", "--no-compression", SaveFormat.Xml, SaveCompression.None },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void Convert_WritesTheSameGameInTheFormat_KeepingTheMetadata(string format, string? compression, SaveFormat expectedFormat, SaveCompression expectedCompression)
    {
        var content = SaveFiles.Small();
        string input = _files.Write("in.sav", content, SaveFormat.MessagePack, SaveCompression.Lz4);
        string output = _files.PathOf("out.sav");

        var run = SaveToolProgram.Run(["convert", input, output, "--format", format, .. compression is null ? Array.Empty<string>() : [compression]]);

        Assert.Equal((0, ""), (run.ExitCode, run.Error));
        Assert.StartsWith($"{output}: {expectedFormat.ToString().ToLowerInvariant()}, ", run.Output, StringComparison.Ordinal);
        var info = SaveSerializer.ReadInfo(output);
        Assert.Equal((expectedFormat, expectedCompression), (info.Header.Format, info.Header.Compression));
        Assert.Equal(SaveFiles.Metadata.Title, info.Metadata.Title);
        Assert.Equal(SaveFiles.Metadata.SavedAtUtc, info.Metadata.SavedAtUtc);
        Assert.Equal(SaveFiles.Metadata.GameId, info.Metadata.GameId);
        GraphAssert.Equal(content, SaveSerializer.LoadFromFile<GameContent>(output));
        Assert.False(File.Exists(output + ".bak"));
    }

    /// <summary>Members a newer game wrote reach only a save in the format they came in: converting elsewhere would drop them.</summary>
    [Theory]
    [InlineData("messagepack")]
    [InlineData("xml")]
    [InlineData("protobuf")]
    public void Convert_OfASaveHoldingMembersTheModelLacks_KeepsThemOrWritesNothing(string format)
    {
        string input = _files.PathOf("newer.sav");
        File.WriteAllBytes(input, SaveFiles.WithAPlayerMemberTheModelLacks(SaveFiles.Small(), [0xA8, .. "Nickname"u8, 0xA3, .. "Ace"u8], SaveModels.IdOf<GameContent>()));
        string output = _files.PathOf("out.sav");

        var run = SaveToolProgram.Run("convert", input, output, "--format", format, "--lz4");

        if (format == "messagepack")
        {
            Assert.Equal(0, run.ExitCode);
            Assert.Contains("\"Nickname\": \"Ace\"", SaveToolProgram.Run("dump", output, "--path", "Player").Output, StringComparison.Ordinal);
        }
        else
        {
            Assert.Equal(2, run.ExitCode);
            Assert.Contains("the save holds members its model doesn't have (a newer version of the game wrote them), which only a messagepack save can carry, so nothing was written", run.OneErrorLine(), StringComparison.Ordinal);
            Assert.False(File.Exists(output));
        }
    }

    [Fact]
    public void Convert_OverAnExistingFile_KeepsItAsTheBackup()
    {
        string input = _files.Write("in.sav", SaveFiles.Small());
        string output = _files.Write("out.sav", ContentGenerator.Create(ContentSize.Small, seed: 7));
        byte[] before = File.ReadAllBytes(output);

        var run = SaveToolProgram.Run("convert", input, output, "--format", "xml");

        Assert.Equal(0, run.ExitCode);
        Assert.EndsWith($"; the file it replaced is kept as {output}.bak\n", run.Output, StringComparison.Ordinal);
        Assert.Equal(before, File.ReadAllBytes(output + ".bak"));
    }

    [Theory]
    [InlineData("--format", "json", "error: 'json' is not a format; use messagepack, xml, protobuf; see 'savetool --help'")]
    [InlineData("--lz4", "--no-compression", "error: 'convert' needs --format messagepack|xml|protobuf; see 'savetool --help'")]
    public void Convert_WithBadOptions_IsOneLine(string option, string value, string message)
    {
        string input = _files.Write("in.sav", SaveFiles.Small());

        var run = SaveToolProgram.Run("convert", input, _files.PathOf("out.sav"), option, value);

        Assert.Equal(2, run.ExitCode);
        Assert.Equal(message, run.OneErrorLine());
        Assert.False(File.Exists(_files.PathOf("out.sav")));
    }
}

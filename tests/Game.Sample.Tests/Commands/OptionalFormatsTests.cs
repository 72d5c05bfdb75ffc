using System.Text;
using Engine.Core.Generation;
using Engine.Serialization;
using Engine.Serialization.Formats;

namespace Game.Sample.Tests.Commands;

/// <summary>
/// The sample game published without the opt-in formats (build/test.sh: -p:SaveFormatXml=false
/// -p:SaveFormatProtobuf=false): MessagePack saves and loads as ever, XML and protobuf are refused in one line saying
/// how a game opts in, and neither System.Xml's reader nor protobuf-net is compiled into the binary.
/// </summary>
public sealed class OptionalFormatsTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("optional-formats-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Fact]
    public void MessagePackOnly_SavesAndLoadsMessagePack()
    {
        string path = Path.Combine(_folder, "small.sav");

        var saved = GameProgram.NativeMessagePackOnly.Run(["new", "--size", "small", "--out", path, "--lz4"]);
        var loaded = GameProgram.NativeMessagePackOnly.Run(["load", path]);

        Assert.Equal(0, saved.ExitCode);
        Assert.Equal(0, loaded.ExitCode);
        Assert.Equal("", loaded.Error);
    }

    [Theory]
    [InlineData("xml", "Xml")]
    [InlineData("protobuf", "Protobuf")]
    public void MessagePackOnly_RefusesTheOtherFormats_InOneLine(string format, string property)
    {
        string made = Path.Combine(_folder, "made." + format);
        string written = Path.Combine(_folder, "written." + format);
        SaveSerializer.SaveToFile(made, ContentGenerator.Create(ContentSize.Small), options: new SaveOptions { Format = Enum.Parse<SaveFormat>(property) });

        var load = GameProgram.NativeMessagePackOnly.Run(["load", made]);
        var save = GameProgram.NativeMessagePackOnly.Run(["new", "--size", "small", "--out", written, "--format", format]);

        foreach (var run in new[] { load, save })
        {
            Assert.NotEqual(0, run.ExitCode);
            Assert.Contains($"no {property} saves", run.Error, StringComparison.Ordinal);
            Assert.Contains($"<SaveFormat{property}>true</SaveFormat{property}>", run.Error, StringComparison.Ordinal);
            Assert.Single(run.Error.TrimEnd().Split('\n'));
        }

        Assert.False(File.Exists(written));
    }

    [Theory]
    [InlineData("protobuf_net_Core")]
    [InlineData("System_Xml_XmlReader")]
    public void MessagePackOnly_BinaryLeavesTheirCodeOut(string symbolPart)
    {
        // The native compiler names each method it compiles in the symbols it writes beside the binary (.dbg):
        // protobuf-net's methods carry its assembly's name, System.Xml's reader its type's.
        byte[] symbol = Encoding.UTF8.GetBytes(symbolPart);

        Assert.True(Symbols(GameProgram.Native).IndexOf(symbol) >= 0, $"the full build has no {symbolPart} symbol");
        Assert.True(Symbols(GameProgram.NativeMessagePackOnly).IndexOf(symbol) < 0, $"the MessagePack-only build compiled {symbolPart} code");
    }

    private static ReadOnlySpan<byte> Symbols(GameProgram program) => File.ReadAllBytes(program.FileName + ".dbg");
}

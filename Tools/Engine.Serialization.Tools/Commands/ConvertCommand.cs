using System.Buffers;
using System.Globalization;
using Engine.Serialization.Compression;

namespace Engine.Serialization.Tools.Commands;

/// <summary>
/// <c>convert IN OUT --format F [--lz4|--no-compression]</c>: the game loaded through its model (checked, and migrated
/// from an older schema) and saved again in another format, with the same metadata; the compression is kept unless
/// given. OUT is written as a slot's save is, a file it replaces kept as OUT.bak.
/// </summary>
internal static class ConvertCommand
{
    public static int Run(IEnumerable<string> args, ToolOutput output)
    {
        var arguments = ToolArguments.Parse("convert", args, ["--format"], ["--lz4", "--no-compression"]);
        var paths = arguments.Exactly(2, "the save to read and the file to write");
        var format = Names.Format(arguments.Value("--format") ?? throw ToolException.Usage("'convert' needs --format messagepack|xml|protobuf"));
        if (arguments.Flag("--lz4") && arguments.Flag("--no-compression"))
        {
            throw ToolException.Usage("'convert' takes --lz4 or --no-compression, not both");
        }

        var save = SaveFile.Open(paths[0]);
        var codec = save.RequireCodec("convert");
        var game = save.Load(codec);
        var options = new SaveOptions
        {
            Format = format,
            Compression = arguments.Flag("--lz4") ? SaveCompression.Lz4 : arguments.Flag("--no-compression") ? SaveCompression.None : save.Header.Compression,
        };
        var file = new ArrayBufferWriter<byte>();
        SaveFile.Named(paths[1], () =>
        {
            codec.Save(file, game, save.Info.Metadata, options);
            return codec.Load(file.WrittenMemory, LoadOptions.Default);
        });
        bool replaced = SaveFileWriting.Replace(paths[1], file.WrittenSpan);
        string kept = replaced ? $"; the file it replaced is kept as {SaveFileWriting.BackupOf(paths[1])}" : "";
        output.Text.WriteLine(string.Create(
            CultureInfo.InvariantCulture,
            $"{paths[1]}: {Names.Of(format)}, {Names.Of(options.Compression)}, {file.WrittenCount:N0} bytes (from {Names.Of(save.Header.Format)}, {Names.Of(save.Header.Compression)}, {save.Bytes.Length:N0} bytes){kept}"));
        return 0;
    }
}

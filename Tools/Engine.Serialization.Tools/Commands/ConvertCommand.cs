using System.Buffers;
using System.Globalization;
using Engine.Serialization.Compression;
using Engine.Serialization.Formats;
using Engine.Serialization.Inspection;

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
        KeepsEveryMember(save, codec, game, format);
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

    /// <summary>
    /// Refuses a conversion that would drop members the model lacks (a newer game wrote them): a load keeps them and a
    /// save writes them back only in the format they came in. Whether the game holds any is seen by encoding it in its
    /// own format as it was loaded and after a pass through the other format: the two differ by exactly those members.
    /// </summary>
    private static void KeepsEveryMember(SaveFile save, RegisteredModel codec, object game, SaveFormat format)
    {
        if (format == save.Header.Format)
        {
            return;
        }

        var asLoaded = new ArrayBufferWriter<byte>();
        var converted = new ArrayBufferWriter<byte>();
        var throughConverted = new ArrayBufferWriter<byte>();
        save.Named(() =>
        {
            codec.Encode(save.Header.Format, asLoaded, game);
            codec.Encode(format, converted, game);
            codec.Encode(save.Header.Format, throughConverted, codec.Decode(format, converted.WrittenMemory));
            return 0;
        });
        if (!asLoaded.WrittenSpan.SequenceEqual(throughConverted.WrittenSpan))
        {
            throw new ToolException(
                $"{save.Path}: the save holds members its model doesn't have (a newer version of the game wrote them), which only a "
                + $"{Names.Of(save.Header.Format)} save can carry, so nothing was written: convert it with the newer game's savetool "
                + "(SaveTool.Run in its program), or keep its format.");
        }
    }
}

using System.Buffers;
using Engine.Serialization.Compression;
using Engine.Serialization.Formats;
using Engine.Serialization.Inspection;

namespace Engine.Serialization.Tools.Commands;

/// <summary>
/// <c>freeze FILE... --into DIR [--every-format]</c>: keeps saves of the game's current release as fixtures its tests load
/// in every later release (<see cref="SaveFixtures"/>): each under DIR/MODEL-ID/schema-N/, by its own name, or with
/// <c>--every-format</c> saved again through its model in every format and compression (NAME-FORMAT-COMPRESSION.sav). A
/// save of an older schema than its model's current one is refused (it is a fixture of the release that wrote it), and
/// a frozen file is never rewritten.
/// </summary>
internal static class FreezeCommand
{
    public static int Run(IEnumerable<string> args, ToolOutput output)
    {
        var arguments = ToolArguments.Parse("freeze", args, ["--into"], ["--every-format"]);
        string fixtures = arguments.Value("--into") ?? throw ToolException.Usage("'freeze' needs --into DIR, the fixtures folder");
        if (arguments.Positionals.Count == 0)
        {
            throw ToolException.Usage("'freeze' takes the saves to freeze");
        }

        foreach (string path in arguments.Positionals)
        {
            var save = SaveFile.Open(path);
            var codec = save.RequireCodec("freeze");
            if (save.Header.SchemaVersion != codec.SchemaVersion)
            {
                throw new ToolException(
                    $"{path}: the save is of schema {save.Header.SchemaVersion} and its model, '{codec.ModelId}', is at schema {codec.SchemaVersion}: "
                    + "freeze the saves the current release writes (an older save is a fixture of the release that wrote it).");
            }

            var game = save.Load(codec);
            string stem = Path.GetFileNameWithoutExtension(path);
            var frozen = arguments.Flag("--every-format")
                ? from format in Enum.GetValues<SaveFormat>()
                  from compression in Enum.GetValues<SaveCompression>()
                  select ($"{stem}-{Names.Of(format)}-{Names.Of(compression)}.sav", Encode(save, codec, game, new SaveOptions { Format = format, Compression = compression }))
                : [(Path.GetFileName(path), save.Bytes)];
            foreach (var (name, bytes) in frozen)
            {
                bool written = SaveFixtures.Freeze(fixtures, name, bytes, out string at);
                output.Text.WriteLine(written ? $"{at}: frozen" : $"{at}: frozen already, the same bytes");
            }
        }

        return 0;
    }

    private static ReadOnlyMemory<byte> Encode(SaveFile save, RegisteredModel codec, object game, SaveOptions options)
    {
        var file = new ArrayBufferWriter<byte>();
        save.Named(() =>
        {
            codec.Save(file, game, save.Info.Metadata, options);
            return 0;
        });
        return file.WrittenMemory;
    }
}

using Engine.Core.Generation;
using Engine.Serialization;
using Engine.Serialization.Compression;
using Engine.Serialization.Formats;

namespace Game.Sample.Commands;

/// <summary><c>new --size S --out FILE [--format F] [--lz4]</c>: writes a save of generated content.</summary>
internal static class NewCommand
{
    public static int Run(ReadOnlySpan<string> args, TextWriter output)
    {
        var arguments = Arguments.Parse("new", args, ["--size", "--out", "--format"], ["--lz4"]);
        var size = arguments.Choice("--size", Arguments.Sizes) ?? throw new UsageException("'new' needs --size small|medium|large");
        string path = arguments.Required("--out");
        var options = new SaveOptions
        {
            Format = arguments.Choice("--format", SaveFormatNames.All) ?? SaveFormat.MessagePack,
            Compression = arguments.Flag("--lz4") ? SaveCompression.Lz4 : SaveCompression.None,
        };

        SaveSerializer.SaveToFile(path, ContentGenerator.Create(size), options: options);
        output.WriteLine($"wrote {path}: {size} content, {options.Format}, {Arguments.Name(options.Compression)}, {new FileInfo(path).Length:N0} bytes");
        return 0;
    }
}

using Engine.Core.Generation;
using Engine.Serialization;
using Engine.Serialization.Compression;
using Engine.Serialization.Container;
using Engine.Serialization.Errors;
using Engine.Serialization.Formats;

namespace Game.Sample.Commands;

/// <summary>
/// Saves and loads generated content in every format and compression, in this process, and
/// checks each load equals what was saved: the conformance tests, run inside the native program.
/// </summary>
internal static class SelfTestCommand
{
    public static int Run(TextWriter output)
    {
        int failures = 0;
        int cases = 0;
        foreach (var size in new[] { ContentSize.Small, ContentSize.Medium })
        {
            var content = ContentGenerator.Create(size);
            var metadata = SaveMetadata.For(content);
            foreach (var format in Enum.GetValues<SaveFormat>())
            {
                foreach (var compression in Enum.GetValues<SaveCompression>())
                {
                    cases++;
                    string name = $"{size} {format} {compression}";
                    string? problem = Check(content, metadata, new SaveOptions { Format = format, Compression = compression });
                    output.WriteLine(problem is null ? $"ok    {name}" : $"FAIL  {name}: {problem}");
                    failures += problem is null ? 0 : 1;
                }
            }
        }

        output.WriteLine($"selftest: {cases - failures} passed, {failures} failed");
        return failures == 0 ? 0 : 1;
    }

    private static string? Check(Engine.Core.Model.GameContent content, SaveMetadata metadata, SaveOptions options)
    {
        try
        {
            byte[] save = SaveSerializer.Save(content, metadata, options);
            var (info, _) = SaveSerializer.ReadPayload(save);
            if (info.Header.Format != options.Format || info.Header.Compression != options.Compression)
            {
                return $"the header says {info.Header.Format} {info.Header.Compression}";
            }

            if (info.Metadata.Title != metadata.Title || info.Metadata.SavedAtUtc != metadata.SavedAtUtc)
            {
                return "the metadata changed";
            }

            return ContentComparison.AreEqual(content, SaveSerializer.Load<Engine.Core.Model.GameContent>(save)) ? null : "the loaded game differs from the saved one";
        }
        catch (SaveException e)
        {
            return $"{e.GetType().Name}: {e.Message}";
        }
    }
}

using Engine.Core.Generation;
using Engine.Core.Model;
using Engine.Serialization;
using Engine.Serialization.Compression;
using Engine.Serialization.Container;
using Engine.Serialization.Errors;
using Engine.Serialization.Formats;

namespace Game.Sample.Commands;

/// <summary>
/// <c>selftest [--dump DIR]</c>: saves and loads generated content in every format and compression, in this process,
/// and checks each load's <see cref="ContentDump"/> equals the saved content's: the conformance tests, run inside the
/// native program. <c>--dump</c> writes each content's dump to DIR (small.json, medium.json), for the JIT tests to
/// hold to their own. Then the slot store's snapshot saves (<see cref="SnapshotSaveChecks"/>).
/// </summary>
internal static class SelfTestCommand
{
    public static int Run(ReadOnlySpan<string> args, TextWriter output)
    {
        string? dumpDir = Arguments.Parse("selftest", args, ["--dump"], []).Value("--dump");
        int failures = 0;
        int cases = 0;
        foreach (var size in new[] { ContentSize.Small, ContentSize.Medium })
        {
            var content = ContentGenerator.Create(size);
            var metadata = SaveMetadata.For(content);
            byte[] dump = ContentDump.Of(content);
            if (dumpDir is not null)
            {
                Directory.CreateDirectory(dumpDir);
                File.WriteAllBytes(Path.Combine(dumpDir, $"{size}.json".ToLowerInvariant()), dump);
            }

            foreach (var format in Enum.GetValues<SaveFormat>())
            {
                foreach (var compression in Enum.GetValues<SaveCompression>())
                {
                    Report($"{size} {format} {compression}", Check(content, dump, metadata, new SaveOptions { Format = format, Compression = compression }));
                }
            }
        }

        foreach (var (name, check) in SnapshotSaveChecks.All())
        {
            Report(name, check());
        }

        output.WriteLine(StartDataPrefault.Describe());
        output.WriteLine($"selftest: {cases - failures} passed, {failures} failed");
        return failures == 0 ? 0 : 1;

        void Report(string name, string? problem)
        {
            cases++;
            failures += problem is null ? 0 : 1;
            output.WriteLine(problem is null ? $"ok    {name}" : $"FAIL  {name}: {problem}");
        }
    }

    private static string? Check(GameContent content, byte[] dump, SaveMetadata metadata, SaveOptions options)
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

            return ContentDump.Difference(dump, ContentDump.Of(SaveSerializer.Load<GameContent>(save))) is { } difference
                ? $"the loaded game differs from the saved one: {difference}"
                : null;
        }
        catch (SaveException e)
        {
            return $"{e.GetType().Name}: {e.Message}";
        }
    }
}

using Engine.Core.Generation;
using Engine.Core.Model;
using Engine.Serialization;
using Engine.Serialization.Errors;

namespace Game.Sample.Commands;

/// <summary>
/// <c>fixtures DIR</c>: loads each frozen save in DIR (build/freeze-fixtures.cs writes them, named
/// CONTENT-FORMAT-COMPRESSION.sav, CONTENT small or edges) and holds it to the <see cref="ContentDump"/> of the content
/// it was made from, its header to its name: the frozen-saves tests, run inside the native program on another platform.
/// </summary>
internal static class FixturesCommand
{
    public static int Run(ReadOnlySpan<string> args, TextWriter output)
    {
        var arguments = Arguments.Parse("fixtures", args, [], [], maxPositionals: 1);
        if (arguments.Positionals.Count == 0)
        {
            throw new UsageException("'fixtures' needs a folder of frozen saves: game-sample fixtures DIR");
        }

        string[] files = Directory.GetFiles(arguments.Positionals[0], "*.sav");
        if (files.Length == 0)
        {
            throw new UsageException($"'{arguments.Positionals[0]}' holds no frozen saves (*.sav)");
        }

        Array.Sort(files, StringComparer.Ordinal);
        var dumps = new Dictionary<string, byte[]>(StringComparer.Ordinal)
        {
            ["small"] = ContentDump.Of(ContentGenerator.Create(ContentSize.Small)),
            ["edges"] = ContentDump.Of(ContentGenerator.CreateEdgeCases()),
        };
        int failures = 0;
        foreach (string file in files)
        {
            string name = Path.GetFileName(file);
            string? problem = Check(file, name, dumps);
            failures += problem is null ? 0 : 1;
            output.WriteLine(problem is null ? $"ok    {name}" : $"FAIL  {name}: {problem}");
        }

        output.WriteLine($"fixtures: {files.Length - failures} passed, {failures} failed");
        return failures == 0 ? 0 : 1;
    }

    private static string? Check(string file, string name, Dictionary<string, byte[]> dumps)
    {
        string content = name[..Math.Max(name.IndexOf('-', StringComparison.Ordinal), 0)];
        if (!dumps.TryGetValue(content, out byte[]? dump))
        {
            return $"the name does not start with one of {string.Join(", ", dumps.Keys)}";
        }

        try
        {
            var header = SaveSerializer.ReadInfo(file).Header;
            string named = $"{content}-{header.Format}-{Arguments.Name(header.Compression)}.sav".ToLowerInvariant();
            if (named != name)
            {
                return $"the header says {named}";
            }

            return ContentDump.Difference(dump, ContentDump.Of(SaveSerializer.LoadFromFile<GameContent>(file))) is { } difference
                ? $"the loaded game differs from the one it was made from: {difference}"
                : null;
        }
        catch (SaveException e)
        {
            return $"{e.GetType().Name}: {e.Message}";
        }
    }
}

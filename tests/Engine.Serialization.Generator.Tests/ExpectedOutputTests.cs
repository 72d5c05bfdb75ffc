namespace Engine.Serialization.Generator.Tests;

/// <summary>
/// The generator's whole output for a few sample models, held to checked-in files under Expected/ (as MessagePack-CSharp's
/// generator tests do), so every change to what it writes shows up in review as a diff of generated code. After an
/// intended change, run these tests with EXPECTED_UPDATE=1 to write the files again, and read the diff.
/// </summary>
public sealed class ExpectedOutputTests
{
    public static TheoryData<string> Samples() => [.. SampleSources.Keys];

    [Theory]
    [MemberData(nameof(Samples))]
    public void Generate_SampleModel_MatchesExpectedFiles(string sample)
    {
        var run = GeneratorHarness.Run(GeneratorHarness.Compile(SampleSources[sample], "Sample." + sample));
        Assert.Empty(run.Diagnostics);
        GeneratorHarness.AssertClean(run.Compilation.GetDiagnostics());
        var generated = run.Driver.GetRunResult().GeneratedTrees
            .ToDictionary(tree => Path.GetFileName(tree.FilePath), tree => tree.ToString(), StringComparer.Ordinal);

        string folder = Path.Combine(GeneratorHarness.RepositoryRoot, "tests", "Engine.Serialization.Generator.Tests", "Expected", sample);
        if (Environment.GetEnvironmentVariable("EXPECTED_UPDATE") == "1")
        {
            if (Directory.Exists(folder))
            {
                Directory.Delete(folder, recursive: true);
            }

            Directory.CreateDirectory(folder);
            foreach (var (name, text) in generated)
            {
                File.WriteAllText(Path.Combine(folder, name + ".txt"), text);
            }
        }

        var expected = Directory.Exists(folder)
            ? Directory.GetFiles(folder, "*.txt").ToDictionary(path => Path.GetFileNameWithoutExtension(path), File.ReadAllText, StringComparer.Ordinal)
            : [];
        Assert.Equal(expected.Keys.Order(StringComparer.Ordinal), generated.Keys.Order(StringComparer.Ordinal));
        foreach (var (name, text) in generated)
        {
            AssertSameText(Path.Combine(folder, name + ".txt"), expected[name], text);
        }
    }

    /// <summary>Names the first line that differs, so a failure reads without a diff tool.</summary>
    private static void AssertSameText(string path, string expected, string actual)
    {
        if (expected == actual)
        {
            return;
        }

        string[] expectedLines = expected.Split('\n');
        string[] actualLines = actual.Split('\n');
        int line = 0;
        while (line < expectedLines.Length && line < actualLines.Length && expectedLines[line] == actualLines[line])
        {
            line++;
        }

        Assert.Fail(
            $"{path} differs from the generator's output at line {line + 1}:\n" +
            $"  expected: {(line < expectedLines.Length ? expectedLines[line] : "(end of file)")}\n" +
            $"  actual:   {(line < actualLines.Length ? actualLines[line] : "(end of file)")}\n" +
            "If the change is intended, run these tests with EXPECTED_UPDATE=1 and review the diff.");
    }

    private static readonly Dictionary<string, string> SampleSources = new(StringComparer.Ordinal)
    {
        // A small game's save: lists, a dictionary, an enum, a nullable struct, a value object, text, a renamed member.
        ["Quest"] = """
            namespace Sample.Quest;
            using Engine.Serialization;

            public enum QuestState { Open, Done, Failed }

            [MessagePackObject(keyAsPropertyName: true)]
            public struct Cell { public int X; public int Y; }

            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Step
            {
                [FormerlySavedAs("Label")] public string Text { get; set; } = "";
                public Cell? Marker { get; set; }
            }

            [SaveModel(SchemaVersion = 2), MessagePackObject(keyAsPropertyName: true)]
            public sealed class Journal
            {
                public string Hero { get; set; } = "";
                public Dictionary<string, QuestState> Quests { get; set; } = [];
                public List<Step> Steps { get; set; } = [];
                public float[] Weights { get; set; } = [];
                public string? Note { get; set; }
            }
            """,

        // A polymorphic member, a positional record and init-only members.
        ["Bestiary"] = """
            namespace Sample.Bestiary;
            using Engine.Serialization;

            [Union(0, typeof(Wolf))]
            [Union(1, typeof(Dragon))]
            public abstract class Creature
            {
                [Key("name")] public string Name { get; init; } = "";
            }

            [MessagePackObject]
            public sealed class Wolf : Creature
            {
                [Key("pack")] public int Pack { get; init; }
            }

            [MessagePackObject]
            public sealed class Dragon : Creature
            {
                [Key("hoard")] public long Hoard { get; init; }
            }

            [MessagePackObject(keyAsPropertyName: true)]
            public sealed record Sighting(string Place, Creature Creature);

            [SaveModel(Id = "sample.bestiary"), MessagePackObject(keyAsPropertyName: true)]
            public sealed class Bestiary
            {
                public List<Sighting> Sightings { get; init; } = [];
            }
            """,

        // The kinds with their own paths: a grid, a set, a vector, a time span.
        ["Terrain"] = """
            namespace Sample.Terrain;
            using Engine.Serialization;

            [SaveModel, MessagePackObject(keyAsPropertyName: true)]
            public sealed class Terrain
            {
                public float[,] Heights { get; set; } = new float[0, 0];
                public HashSet<string> Biomes { get; set; } = [];
                public System.Numerics.Vector3 Sun { get; set; }
                public System.TimeSpan DayLength { get; set; }
            }
            """,
    };
}

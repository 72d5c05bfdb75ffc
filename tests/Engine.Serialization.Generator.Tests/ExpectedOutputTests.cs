namespace Engine.Serialization.Generator.Tests;

/// <summary>
/// The generator's whole output for a few sample models, held to checked-in files under Expected/ (as MessagePack-CSharp's
/// generator tests do), so every change to what it writes shows up in review as a diff of generated code. After an
/// intended change, run these tests with EXPECTED_UPDATE=1 to write the files again, and read the diff. Beside the
/// whole models, one small model per feature keeps only the files its feature shapes, so its diff reads in a few lines.
/// </summary>
public sealed class ExpectedOutputTests
{
    public static TheoryData<string> Samples() => [.. SampleSources.Keys];

    public static TheoryData<string> Features() => [.. FeatureSources.Keys];

    [Theory]
    [MemberData(nameof(Samples))]
    public void Generate_SampleModel_MatchesExpectedFiles(string sample) => AssertMatchesExpectedFiles(sample, SampleSources[sample], kept: null);

    [Theory]
    [MemberData(nameof(Features))]
    public void Generate_FeatureModel_MatchesExpectedFiles(string feature)
    {
        var (source, kept) = FeatureSources[feature];
        AssertMatchesExpectedFiles(Path.Combine("Features", feature), source, kept);
    }

    /// <summary>
    /// The generator's output for <paramref name="source"/> against the files in Expected/<paramref name="sample"/>: of the
    /// generated files, those <paramref name="kept"/> names (SaveModels.Xml.g.cs for the XML codec), or all when null.
    /// </summary>
    private static void AssertMatchesExpectedFiles(string sample, string source, string[]? kept)
    {
        var run = GeneratorHarness.Run(GeneratorHarness.Compile(source, "Sample." + Path.GetFileName(sample)));
        Assert.Empty(run.Diagnostics);
        GeneratorHarness.AssertClean(run.Compilation.GetDiagnostics());
        var generated = run.Driver.GetRunResult().GeneratedTrees
            .Select(tree => (Name: Path.GetFileName(tree.FilePath), Text: tree.ToString()))
            .Where(file => kept is null || kept.Any(k => file.Name.EndsWith("." + k, StringComparison.Ordinal)))
            .ToDictionary(file => file.Name, file => file.Text, StringComparer.Ordinal);
        Assert.Equal(kept?.Length ?? generated.Count, generated.Count);

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

    /// <summary>One feature each, in as few lines of model as show it, with the generated files it shapes.</summary>
    private static readonly Dictionary<string, (string Source, string[] Kept)> FeatureSources = new(StringComparer.Ordinal)
    {
        // A union member: the MessagePack [index, value] pair, and protobuf's oneof.
        ["Union"] = ("""
            namespace Sample.Union;
            using Engine.Serialization;

            [Union(0, typeof(Coin)), Union(1, typeof(Gem))]
            public abstract class Loot { }

            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Coin : Loot { public int Value { get; set; } }

            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Gem : Loot { public string Color { get; set; } = ""; }

            [SaveModel, MessagePackObject(keyAsPropertyName: true)]
            public sealed class Chest { public Loot? Item { get; set; } }
            """, ["SaveModels.g.cs", "SaveModels.Protobuf.g.cs"]),

        // A dictionary keyed by an enum: keys written as the enum's numbers, and XML's and protobuf's entry lists.
        ["EnumKeyedDictionary"] = ("""
            namespace Sample.EnumKeyedDictionary;
            using Engine.Serialization;

            public enum Resource { Wood, Stone }

            [SaveModel, MessagePackObject(keyAsPropertyName: true)]
            public sealed class Stockpile { public Dictionary<Resource, int> Amounts { get; set; } = []; }
            """, ["SaveModels.g.cs", "SaveModels.Xml.g.cs", "SaveModels.Protobuf.g.cs"]),

        // A 2-D grid: its width, height and flat cells in MessagePack, and the snapshot's bulk copy.
        ["Grid"] = ("""
            namespace Sample.Grid;
            using Engine.Serialization;

            [SaveModel, MessagePackObject(keyAsPropertyName: true)]
            public sealed class Map { public int[,] Tiles { get; set; } = new int[0, 0]; }
            """, ["SaveModels.g.cs", "SaveModels.Snapshot.g.cs"]),

        // A renamed member: its former key read in every format.
        ["Rename"] = ("""
            namespace Sample.Rename;
            using Engine.Serialization;

            [SaveModel, MessagePackObject(keyAsPropertyName: true)]
            public sealed class Purse { [FormerlySavedAs("Gold")] public int Coins { get; set; } }
            """, ["SaveModels.g.cs", "SaveModels.Xml.g.cs", "SaveModels.Protobuf.g.cs"]),

        // Tracked partial properties: the generator implements them, recording which changed for the next save.
        ["Tracked"] = ("""
            namespace Sample.Tracked;
            using Engine.Serialization;

            [SaveModel, MessagePackObject(keyAsPropertyName: true)]
            public sealed partial class Camp
            {
                public partial string Name { get; set; } = "camp";
                public partial int Fires { get; set; }
            }
            """, ["Camp.Tracking.g.cs", "SaveModels.Refresh.g.cs"]),

        // A nullable struct member: nil or the struct, and the checks and snapshot that pass through it.
        ["NullableStruct"] = ("""
            namespace Sample.NullableStruct;
            using Engine.Serialization;

            [MessagePackObject(keyAsPropertyName: true)]
            public struct Cell { public int X; public int Y; }

            [SaveModel, MessagePackObject(keyAsPropertyName: true)]
            public sealed class Marker { public Cell? At { get; set; } }
            """, ["SaveModels.g.cs", "SaveModels.Snapshot.g.cs"]),
    };
}

using System.Diagnostics;
using Engine.Serialization.Tests.Models;
using Engine.Testing;

namespace Engine.Serialization.Tests.Versioning;

/// <summary>
/// Issue 33's acceptance: tests/EvolvingGame, a colony game built at three releases from one source tree, saves its
/// colony in every format and compression at each release, and every release checks every save: its own and earlier
/// releases' load with every value where it belongs (against values written by hand in the game's Colonies.cs, compared
/// by reflection, not by the generator), and a later release's is refused with "update the game". Under JIT, and
/// published with NativeAOT, crosswise: native saves in native and JIT builds, JIT saves in native builds. A copy of
/// release 2 whose migration misses one rename shows the check catches a value that lands nowhere.
/// </summary>
[Collection(GameBuilds.Name)]
public sealed class EvolutionTests(EvolutionTests.Releases releases) : IClassFixture<EvolutionTests.Releases>, IDisposable
{
    // Each release checks 6 saves (3 formats x 2 compressions) of each of the 3 releases.
    private const string EveryCheckPasses = ": 18 passed, 0 failed";

    private readonly string _saves = Directory.CreateTempSubdirectory("evolution-").FullName;

    public void Dispose() => Directory.Delete(_saves, recursive: true);

    [Fact]
    public void EveryReleasesSaves_LoadInItAndEveryLaterRelease_AndEarlierReleasesRefuseThem_UnderJit()
    {
        SaveWithEveryRelease(releases.Jit, _saves);

        AssertEveryCheckPasses(Releases.Numbers.Select(release => ($"jit r{release}", release, Run(releases.Jit(release), "check", _saves))));
    }

    [Fact]
    public void EveryReleasesSaves_LoadInItAndEveryLaterRelease_NativeAndJitCrosswise()
    {
        string jitSaves = Directory.CreateDirectory(Path.Combine(_saves, "jit")).FullName;
        string nativeSaves = Directory.CreateDirectory(Path.Combine(_saves, "native")).FullName;
        SaveWithEveryRelease(releases.Jit, jitSaves);
        SaveWithEveryRelease(releases.Native, nativeSaves);

        AssertEveryCheckPasses(Releases.Numbers.SelectMany(release => new[]
        {
            ($"native r{release}, native saves", release, Run(releases.Native(release), "check", nativeSaves)),
            ($"native r{release}, JIT saves", release, Run(releases.Native(release), "check", jitSaves)),
            ($"jit r{release}, native saves", release, Run(releases.Jit(release), "check", nativeSaves)),
        }));
    }

    /// <summary>
    /// Each release's checked-in record of its protobuf field numbers (tests/EvolvingGame/Schemas/v1, v2, v3) is the
    /// one it builds with: release 2's keeps release 1's numbers, reserves the removed ones, and numbers the renamed
    /// Overseer as Governor; and each earlier release's record is kept beside it as evolving.colony.schema-N.proto.
    /// With SCHEMAS_UPDATE=1 the records are written; run it twice, as build/schemas.sh does: the second run builds with
    /// what the first wrote and must change nothing. A new release's record starts as a copy of the previous release's.
    /// </summary>
    [Fact]
    public void EachReleasesProtoRecord_IsTheSchemaItBuildsWith()
    {
        foreach (int release in Releases.Numbers)
        {
            string record = Path.Combine(Releases.Game, "Schemas", $"v{release}", "evolving.colony.proto");
            var (exitCode, proto) = Run(releases.Jit(release), "schema");
            Assert.True(exitCode == 0, proto);
            if (Environment.GetEnvironmentVariable("SCHEMAS_UPDATE") == "1")
            {
                File.WriteAllText(record, proto);
            }

            Assert.Equal(File.ReadAllText(record), proto);

            // Each earlier schema's record, kept beside it: a protobuf save of that schema is read through it.
            for (int earlier = 1; earlier < release; earlier++)
            {
                string kept = Path.Combine(Releases.Game, "Schemas", $"v{release}", $"evolving.colony.schema-{earlier}.proto");
                string earlierRecord = Path.Combine(Releases.Game, "Schemas", $"v{earlier}", "evolving.colony.proto");
                if (Environment.GetEnvironmentVariable("SCHEMAS_UPDATE") == "1")
                {
                    File.Copy(earlierRecord, kept, overwrite: true);
                }

                Assert.Equal(File.ReadAllText(earlierRecord), File.ReadAllText(kept));
            }
        }

        string[] release1 = File.ReadAllLines(Path.Combine(Releases.Game, "Schemas", "v1", "evolving.colony.proto"));
        string[] release2 = File.ReadAllLines(Path.Combine(Releases.Game, "Schemas", "v2", "evolving.colony.proto"));
        Assert.Equal(FieldNumber(release1, "string governor"), FieldNumber(release2, "string overseer"));
        Assert.Contains($"  reserved {FieldNumber(release1, "string motto")};", release2);
    }

    [Fact]
    public void ARelease2WhoseMigrationMissesTheSettlersRename_FailsTheCheckOfRelease1sSaves_NamingTheValue()
    {
        const string SettlerRename = "            settler.Value?.Rename(\"Nickname\", \"Callsign\");\n";
        string control = Releases.Copy("evolving-control", "Model.cs", text =>
        {
            Assert.Contains(SettlerRename, text, StringComparison.Ordinal);
            return text.Replace(SettlerRename, "", StringComparison.Ordinal);
        });
        string program = Releases.Build(control, 2, Path.Combine(Repository.Root, "artifacts", "evolving", "control-r2"));
        Assert.Equal(0, Run(releases.Jit(1), "save", _saves).ExitCode);

        var (exitCode, output) = Run(["dotnet", program], "check", _saves);

        Assert.Equal(1, exitCode);
        var lines = output.Split('\n');
        foreach (string save in Directory.GetFiles(_saves).Select(f => Path.GetFileNameWithoutExtension(f)))
        {
            string line = lines.Single(l => l.Contains($" {save} in r2: ", StringComparison.Ordinal));
            Assert.StartsWith("FAIL  ", line, StringComparison.Ordinal);
            Assert.Contains("Colony.Settlers[\"ada\"].Callsign is \"\", not \"Ace\"; Colony.Settlers[\"bo\"].Callsign is \"\", not \"Bee\"", line, StringComparison.Ordinal);
        }

        Assert.Contains("evolving r2: 0 passed, 6 failed", output, StringComparison.Ordinal);
    }

    private static void SaveWithEveryRelease(Func<int, string[]> program, string folder)
    {
        foreach (int release in Releases.Numbers)
        {
            var (exitCode, output) = Run(program(release), "save", folder);
            Assert.True(exitCode == 0, output);
        }

        Assert.Equal(Releases.Numbers.Length * 6, Directory.GetFiles(folder, "r*.sav").Length);
    }

    /// <summary>Every line of every check is "ok", and each ends with its release's totals: every line that isn't, named by its check.</summary>
    private static void AssertEveryCheckPasses(IEnumerable<(string What, int Release, (int ExitCode, string Output) Check)> checks)
    {
        var problems = new List<string>();
        foreach (var (what, release, (exitCode, output)) in checks)
        {
            string totals = $"evolving r{release}{EveryCheckPasses}";
            problems.AddRange(output.Split('\n', StringSplitOptions.RemoveEmptyEntries)
                .Where(line => !line.StartsWith("ok    ", StringComparison.Ordinal) && line != totals)
                .Select(line => $"{what}: {line}"));
            if (exitCode != 0 || !output.Split('\n').Contains(totals))
            {
                problems.Add($"{what}: exit code {exitCode}, and not \"{totals}\"");
            }
        }

        Assert.True(problems.Count == 0, string.Join('\n', problems));
    }

    private static string FieldNumber(string[] proto, string field) =>
        proto.Single(line => line.StartsWith($"  optional {field} = ", StringComparison.Ordinal)).Split(" = ")[1].TrimEnd(';').Split(' ')[0];

    private static (int ExitCode, string Output) Run(string[] program, params string[] arguments) =>
        Releases.Run(program[0], [.. program[1..], .. arguments]);

    /// <summary>
    /// The game's three releases, built once for the class under JIT (dotnet build -p:GameRelease=N); published with
    /// NativeAOT as build/test.sh does, or the first time a test asks for them (a minute or two each).
    /// </summary>
    public sealed class Releases
    {
        public static readonly int[] Numbers = [1, 2, 3];

        private readonly Dictionary<int, string> _jit = [];

        public Releases()
        {
            foreach (int release in Numbers)
            {
                _jit[release] = Build(Path.Combine(Game, "EvolvingGame.csproj"), release, Path.Combine(Repository.Root, "artifacts", "evolving", $"jit-r{release}"));
            }
        }

        public static string Game { get; } = Path.Combine(Repository.Root, "tests", "EvolvingGame");

        public string[] Jit(int release) => ["dotnet", _jit[release]];

        // build/native-programs.txt lists each release as EVOLVING_R<N>_NATIVE.
        public string[] Native(int release) => [NativePrograms.Path($"EVOLVING_R{release}_NATIVE")];

        /// <summary>Builds <paramref name="project"/> at <paramref name="release"/> into <paramref name="output"/>; returns its program.</summary>
        public static string Build(string project, int release, string output)
        {
            var (exitCode, log) = Run("dotnet", "build", project, "-c", "Release", $"-p:GameRelease={release}", "-o", output, "-nologo");
            Assert.True(exitCode == 0, log);
            return Path.Combine(output, "evolving.dll");
        }

        /// <summary>
        /// tests/EvolvingGame copied to artifacts/NAME (at the same depth, so its project references still resolve),
        /// with <paramref name="file"/> edited; returns the copy's project.
        /// </summary>
        public static string Copy(string name, string file, Func<string, string> edit)
        {
            string copy = Path.Combine(Repository.Root, "artifacts", name);
            if (Directory.Exists(copy))
            {
                Directory.Delete(copy, recursive: true);
            }

            foreach (string source in Directory.EnumerateFiles(Game, "*", SearchOption.AllDirectories)
                .Where(f => Path.GetRelativePath(Game, f).Split(Path.DirectorySeparatorChar)[0] is not ("bin" or "obj")))
            {
                string target = Path.Combine(copy, Path.GetRelativePath(Game, source));
                Directory.CreateDirectory(Path.GetDirectoryName(target)!);
                File.Copy(source, target);
            }

            string edited = Path.Combine(copy, file);
            File.WriteAllText(edited, edit(File.ReadAllText(edited)));
            return Path.Combine(copy, "EvolvingGame.csproj");
        }

        public static (int ExitCode, string Output) Run(string program, params string[] arguments)
        {
            var start = new ProcessStartInfo(program) { RedirectStandardOutput = true, RedirectStandardError = true };
            foreach (string argument in arguments)
            {
                start.ArgumentList.Add(argument);
            }

            using var process = Process.Start(start)!;
            var errors = process.StandardError.ReadToEndAsync();
            string output = process.StandardOutput.ReadToEnd();
            process.WaitForExit();
            return (process.ExitCode, output + errors.Result);
        }
    }
}

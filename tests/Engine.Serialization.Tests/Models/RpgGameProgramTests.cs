using System.Diagnostics;
using Engine.Testing;
using RpgGame;
using RpgGame.Lore;
using RpgGame.Model;

namespace Engine.Serialization.Tests.Models;

/// <summary>
/// The RPG, a game outside the solution built as README tells a game to reference the engine, run as a program: its
/// JIT build (from this test's output) and its NativeAOT build (build/test.sh publishes it and names it in
/// RPG_GAME_NATIVE; without it, the first test to run it publishes it). Whatever the native program saves after a load is held, here under JIT, to the reflection oracle.
/// </summary>
public sealed class RpgGameProgramTests
{
    public static TheoryData<string> Programs() => ["jit", "native"];

    [Theory]
    [MemberData(nameof(Programs))]
    public void Demo_SavesAndLoadsThroughSlotsAndFiles(string program)
    {
        string folder = Directory.CreateTempSubdirectory("rpg-demo-").FullName;
        try
        {
            var (exitCode, output) = Run(program, "demo", folder);

            Assert.True(exitCode == 0, output);
            Assert.Contains("demo: ok", output, StringComparison.Ordinal);
            Assert.Contains("camp", output, StringComparison.Ordinal);
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public void NativeRoundTrip_OfRandomParties_LoadsUnderJitEqualToEachParty()
    {
        string folder = Directory.CreateTempSubdirectory("rpg-roundtrip-").FullName;
        try
        {
            int[] seeds = [.. Enumerable.Range(1000, 60)];
            var (exitCode, output) = Run("native", ["roundtrip", folder, .. seeds.Select(s => s.ToString(System.Globalization.CultureInfo.InvariantCulture))]);
            Assert.True(exitCode == 0, output);

            int compared = 0;
            foreach (int seed in seeds)
            {
                var party = PartyFactory.Random(seed);
                foreach (var format in Enum.GetValues<SaveFormat>())
                {
                    string path = Path.Combine(folder, $"{seed}-{format}.sav".ToLowerInvariant());
                    if (File.Exists(path + ".refused"))
                    {
                        Assert.True(PartyFactory.HoldsInvalidText(party), $"seed {seed} was refused in {format}: {File.ReadAllText(path + ".refused")}");
                        continue;
                    }

                    var loaded = SaveSerializer.Load<PartyState>(File.ReadAllBytes(path));
                    Assert.Equal(format, SaveSerializer.ReadPayload<PartyState>(File.ReadAllBytes(path)).Info.Header.Format);
                    GraphAssert.Equal(party, loaded);
                    compared++;
                }
            }

            Assert.True(compared > seeds.Length, $"only {compared} of {seeds.Length * 3} saves held text a save can carry");
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    // The native program holds every load to the party's PartyDump and writes that dump; the same party dumped here,
    // under JIT, must give the same bytes: native loads equal what JIT code makes of the party, by an oracle that owes
    // nothing to the save generator.
    [Fact]
    public void NativeSelfTest_PassesAndDumpsEachPartyAsJitCodeDoes()
    {
        string folder = Directory.CreateTempSubdirectory("rpg-selftest-").FullName;
        try
        {
            var (exitCode, output) = Run("native", "selftest", "--dump", folder);
            Assert.True(exitCode == 0, output);
            Assert.Contains("selftest: 122 passed, 0 failed", output, StringComparison.Ordinal);

            foreach (var (name, party) in Enumerable.Range(1, 100).Select(seed => ($"seed-{seed}", PartyFactory.Random(seed))).Prepend(("sample", PartyFactory.Sample())))
            {
                string path = Path.Combine(folder, name + ".json");
                if (PartyFactory.HoldsInvalidText(party))
                {
                    Assert.False(File.Exists(path), $"{name} holds text a save refuses, yet was dumped");
                    continue;
                }

                string? difference = PartyDump.Difference(PartyDump.Of(party), File.ReadAllBytes(path));
                Assert.True(difference is null, $"{name}: {difference}");
            }

            // The monster codex, a model with its enums by name, dumped after each native load as JIT code dumps it.
            foreach (var (name, codex) in Enumerable.Range(1, 20).Select(seed => ($"codex-seed-{seed}", CodexFactory.Random(seed))).Prepend(("codex-sample", CodexFactory.Sample())))
            {
                string? difference = PartyDump.Difference(PartyDump.Of(codex), File.ReadAllBytes(Path.Combine(folder, name + ".json")));
                Assert.True(difference is null, $"{name}: {difference}");
            }
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public void SelfTest_WithFewerSeeds_ChecksTheSampleAndThatManyRandomPartiesAndCodices()
    {
        var (exitCode, output) = Run("jit", "selftest", "--seeds", "3");

        Assert.True(exitCode == 0, output);
        Assert.Contains("ok    seed-3", output, StringComparison.Ordinal);
        Assert.DoesNotContain("seed-4", output, StringComparison.Ordinal);
        Assert.Contains("selftest: 8 passed, 0 failed", output, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(Programs))]
    public void Fixtures_LoadsEveryFrozenSaveAsTheSampleParty(string program)
    {
        var (exitCode, output) = Run(program, "fixtures", Path.Combine(AppContext.BaseDirectory, "Fixtures", "rpg-v1"));

        Assert.True(exitCode == 0, output);
        Assert.Contains("fixtures: 6 passed, 0 failed", output, StringComparison.Ordinal);
    }

    [Fact]
    public void Fixtures_FailsASaveOfAnotherParty_AndAHeaderThatIsNotItsName()
    {
        string folder = Directory.CreateTempSubdirectory("rpg-fixtures-").FullName;
        try
        {
            File.WriteAllBytes(Path.Combine(folder, "sample-messagepack-none.sav"), SaveSerializer.Save(PartyFactory.Random(1)));
            File.Copy(Path.Combine(AppContext.BaseDirectory, "Fixtures", "rpg-v1", "sample-xml-none.sav"), Path.Combine(folder, "sample-xml-lz4.sav"));

            var (exitCode, output) = Run("jit", "fixtures", folder);

            Assert.Equal(1, exitCode);
            Assert.Contains("FAIL  sample-messagepack-none.sav: the loaded party differs from the sample", output, StringComparison.Ordinal);
            Assert.Contains("FAIL  sample-xml-lz4.sav: the header says sample-xml-none.sav", output, StringComparison.Ordinal);
            Assert.Contains("fixtures: 0 passed, 2 failed", output, StringComparison.Ordinal);
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    private static (int ExitCode, string Output) Run(string program, params string[] arguments)
    {
        var start = program == "native" ? new ProcessStartInfo(NativePrograms.Path("RPG_GAME_NATIVE")) : new ProcessStartInfo("dotnet") { ArgumentList = { Path.Combine(AppContext.BaseDirectory, "rpg-game.dll") } };
        foreach (string argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        start.RedirectStandardOutput = true;
        start.RedirectStandardError = true;
        using var process = Process.Start(start)!;
        var stdout = process.StandardOutput.ReadToEndAsync();
        var stderr = process.StandardError.ReadToEndAsync();
        if (!process.WaitForExit(TimeSpan.FromMinutes(2)))
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"{program} rpg-game {string.Join(' ', arguments)} ran over two minutes.");
        }

        return (process.ExitCode, stdout.Result + stderr.Result);
    }
}

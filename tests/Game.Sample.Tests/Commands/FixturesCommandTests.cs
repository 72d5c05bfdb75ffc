using Engine.Testing;

namespace Game.Sample.Tests.Commands;

/// <summary>
/// <c>game-sample fixtures DIR</c>, which build/test-arm64.sh runs on ARM64: every frozen save loads as the content it
/// was made from, and a save that does not, or whose header is not what its name says, fails.
/// </summary>
public sealed class FixturesCommandTests : IDisposable
{
    private static readonly string Frozen = Path.Combine(Repository.Root, "tests", "Engine.Serialization.Tests", "Fixtures", "schema-v1");

    private readonly string _folder = Directory.CreateTempSubdirectory("fixtures-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Theory]
    [MemberData(nameof(GameProgram.Both), MemberType = typeof(GameProgram))]
    public void Fixtures_LoadsEveryFrozenSave(string program)
    {
        var run = GameProgram.Named(program).Run(["fixtures", Frozen]);

        Assert.True(run.ExitCode == 0, run.Output + run.Error);
        Assert.Contains("fixtures: 12 passed, 0 failed", run.Output, StringComparison.Ordinal);
    }

    [Fact]
    public void Fixtures_FailsASaveOfOtherContent_AndAHeaderThatIsNotItsName()
    {
        File.Copy(Path.Combine(Frozen, "small-xml-none.sav"), Path.Combine(_folder, "edges-xml-none.sav"));
        File.Copy(Path.Combine(Frozen, "small-xml-none.sav"), Path.Combine(_folder, "small-xml-lz4.sav"));
        File.Copy(Path.Combine(Frozen, "small-protobuf-lz4.sav"), Path.Combine(_folder, "small-protobuf-lz4.sav"));

        var run = GameProgram.Jit.Run(["fixtures", _folder]);

        Assert.Equal(1, run.ExitCode);
        Assert.Contains("FAIL  edges-xml-none.sav: the loaded game differs", run.Output, StringComparison.Ordinal);
        Assert.Contains("FAIL  small-xml-lz4.sav: the header says small-xml-none.sav", run.Output, StringComparison.Ordinal);
        Assert.Contains("fixtures: 1 passed, 2 failed", run.Output, StringComparison.Ordinal);
    }

    [Fact]
    public void Fixtures_OfAFolderWithoutSaves_IsAUsageError()
    {
        var run = GameProgram.Jit.Run(["fixtures", _folder]);

        Assert.Equal(2, run.ExitCode);
        Assert.Contains("holds no frozen saves", run.Error, StringComparison.Ordinal);
    }
}

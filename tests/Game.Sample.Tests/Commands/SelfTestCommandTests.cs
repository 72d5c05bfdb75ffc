using Engine.Core.Generation;
using Game.Sample.Commands;

namespace Game.Sample.Tests.Commands;

/// <summary>
/// <c>game-sample selftest --dump DIR</c>: the program, native or JIT, holds every load to the content's JSON dump and
/// writes that dump; here, in this process (JIT), the same content must dump to the same bytes. So the native program's
/// loads equal what JIT code makes of the content, by an oracle that owes nothing to the save generator.
/// </summary>
public sealed class SelfTestCommandTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("selftest-dumps-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Theory]
    [MemberData(nameof(GameProgram.Both), MemberType = typeof(GameProgram))]
    public void SelfTest_PassesAndDumpsEachContentAsThisProcessDoes(string program)
    {
        var run = GameProgram.Named(program).Run(["selftest", "--dump", _folder]);

        Assert.True(run.ExitCode == 0, run.Output + run.Error);
        Assert.Contains("selftest: 14 passed, 0 failed", run.Output, StringComparison.Ordinal);
        foreach (var size in new[] { ContentSize.Small, ContentSize.Medium })
        {
            byte[] theirs = File.ReadAllBytes(Path.Combine(_folder, $"{size}.json".ToLowerInvariant()));
            Assert.Null(ContentDump.Difference(ContentDump.Of(ContentGenerator.Create(size)), theirs));
        }
    }

    [Fact]
    public void NativeGame_MapsItsStartDataInOneCallBeforeMain_WhereTheKernelOffersIt()
    {
        // MADV_POPULATE_WRITE came with Linux 5.14; before it the kernel refuses and the game starts as without it.
        bool offered = OperatingSystem.IsLinux() && Environment.OSVersion.Version >= new Version(5, 14);

        var run = GameProgram.Native.Run(["selftest"]);

        Assert.True(run.ExitCode == 0, run.Output + run.Error);
        Assert.Matches(offered ? @"start data: [1-9][0-9,]* KiB mapped in one call before Main" : "start data: not prefaulted \\(the kernel refused", run.Output);
    }
}

namespace Game.Sample.Tests.Commands;

/// <summary>
/// What any file of up to 4 MB may cost the native game with default options: loaded or refused, never more than
/// <see cref="PeakMemoryBound"/> of resident memory, and an answer within the run's one-minute watchdog (no wall-clock
/// bound beyond that: the machine may be busy). The files are <see cref="HostileCorpus"/>'s, in every format and compression.
/// </summary>
public sealed class LoadBoundsTests : IDisposable
{
    private const long PeakMemoryBound = 256L << 20;

    private readonly string _folder = Directory.CreateTempSubdirectory("load-bounds-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    public static TheoryData<string> Files() => new(HostileCorpus.Names);

    [Theory]
    [MemberData(nameof(Files))]
    public void Load_OfAHostileFileUpToFourMegabytes_IsAnsweredWithinTheMemoryBound(string name)
    {
        byte[] file = HostileCorpus.File(name);
        Assert.True(file.Length <= HostileCorpus.MaxFileBytes, $"{name} is {file.Length:N0} bytes");
        string path = Path.Combine(_folder, name + ".sav");
        File.WriteAllBytes(path, file);

        var run = GameProgram.Native.RunMeasuringMemory(["load", path]);

        Assert.True(run.ExitCode is 0 or 1, $"exit {run.ExitCode}: {run.Error}");
        if (run.ExitCode == 1)
        {
            Assert.StartsWith($"error: {path}: ", run.Error, StringComparison.Ordinal);
            Assert.Single(run.Error.TrimEnd('\n').Split('\n'));
        }

        Assert.True(run.PeakMemoryBytes < PeakMemoryBound, $"{name} ({file.Length:N0} bytes) peaked at {run.PeakMemoryBytes:N0} bytes: {run.Error}");
    }
}

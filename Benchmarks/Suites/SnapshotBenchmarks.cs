using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Benchmarks.Infrastructure;
using Benchmarks.Snapshot;
using Engine.Core.Generation;
using Engine.Core.Model;
using Engine.Serialization;
using Engine.Testing;

namespace Benchmarks.Suites;

/// <summary>
/// What SaveAsync costs the game's thread: encoding the state now (what the engine does,
/// <see cref="PreparedSave.Prepare"/> with the default MessagePack) against a deep copy of it.
/// </summary>
[MemoryDiagnoser]
[Config(typeof(Config))]
public class SnapshotBenchmarks
{
    private GameContent _content = null!;

    [Params(ContentSize.Small, ContentSize.Medium, ContentSize.Large)]
    public ContentSize Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _content = SampleSaves.Content(Size);
        var copy = GameContentCopy.Of(_content);
        string? problem = new GraphComparer().FindDifference(_content, copy) is { } difference
            ? $"the copy differs at {difference}"
            : SharedObjects.FindFirst(_content, copy) is { } shared ? $"the copy shares {shared} with the original" : null;
        if (problem is not null)
        {
            throw new InvalidOperationException($"The deep copy is not a snapshot: {problem}.");
        }
    }

    [Benchmark(Baseline = true)]
    public PreparedSave Encode() => PreparedSave.Prepare(_content);

    [Benchmark]
    public GameContent DeepCopy() => GameContentCopy.Of(_content);

    private sealed class Config : ManualConfig
    {
        public Config() => AddJob(Jobs.Warm);
    }
}

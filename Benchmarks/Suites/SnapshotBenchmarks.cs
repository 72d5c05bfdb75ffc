using System.Buffers;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Benchmarks.Infrastructure;
using Engine.Core.Generation;
using Engine.Core.Model;
using Engine.Serialization;
using Engine.Serialization.Formats;
using Engine.Testing;

namespace Benchmarks.Suites;

/// <summary>
/// What SaveAsync costs the game's thread: encoding the state there (the default MessagePack
/// payload) against a deep copy of it, which is what <see cref="PreparedSave{T}.Prepare"/> does
/// because this measured it cheaper; the encoding then runs on the thread pool.
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
    public ArrayBufferWriter<byte> Encode()
    {
        var payload = new ArrayBufferWriter<byte>();
        SaveFormats.Get<GameContent>(SaveFormat.MessagePack).Write(payload, _content);
        return payload;
    }

    [Benchmark]
    public PreparedSave<GameContent> DeepCopy() => PreparedSave<GameContent>.Prepare(_content);

    private sealed class Config : ManualConfig
    {
        public Config() => AddJob(Jobs.Warm);
    }
}

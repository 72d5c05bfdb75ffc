using System.Buffers;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Benchmarks.Infrastructure;
using Engine.Core.Generation;
using Engine.Core.Model;
using Engine.Serialization;
using Engine.Serialization.Formats;

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
        // SnapshotCopyTests check the copy against the reflection oracle; this measures it.
        _content = SampleSaves.Content(Size);
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

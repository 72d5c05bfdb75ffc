using System.Buffers;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Running;
using Benchmarks.Infrastructure;
using Benchmarks.Peer;
using Engine.Core.Generation;
using Engine.Core.Model;
using Engine.Serialization.Formats;
using Engine.Testing;
using MemoryPack;

namespace Benchmarks.Suites;

/// <summary>
/// The engine's MessagePack format against MemoryPack in its version-tolerant mode, the fastest
/// known .NET serializer, on the same content (MemoryPack through its own mirror types). Bare
/// payloads into a reused buffer: no container, no compression.
/// </summary>
[MemoryDiagnoser]
[Config(typeof(Config))]
public class PeerBenchmarks
{
    private GameContent _content = null!;
    private GameContentPack _pack = null!;
    private byte[] _messagePack = null!;
    private byte[] _memoryPack = null!;
    private ArrayBufferWriter<byte> _output = null!;

    [Params(ContentSize.Medium, ContentSize.Large)]
    public ContentSize Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _content = SampleSaves.Content(Size);
        _pack = MirrorMapper.Map<GameContentPack>(_content);
        _messagePack = Encode(Size, memoryPack: false);
        _memoryPack = Encode(Size, memoryPack: true);
        _output = new ArrayBufferWriter<byte>(_messagePack.Length);

        var back = MirrorMapper.Map<GameContent>(MemoryPackSerializer.Deserialize<GameContentPack>(_memoryPack)!);
        if (new GraphComparer().FindDifference(_content, back) is { } difference)
        {
            throw new InvalidOperationException($"MemoryPack's mirror does not carry the whole game: {difference}");
        }
    }

    [BenchmarkCategory("Serialize"), Benchmark(Baseline = true)]
    public int SerializeMessagePack()
    {
        _output.ResetWrittenCount();
        SaveFormats.Get<GameContent>(SaveFormat.MessagePack).Write(_output, _content);
        return _output.WrittenCount;
    }

    [BenchmarkCategory("Serialize"), Benchmark]
    public int SerializeMemoryPack()
    {
        _output.ResetWrittenCount();
        MemoryPackSerializer.Serialize(_output, _pack);
        return _output.WrittenCount;
    }

    [BenchmarkCategory("Deserialize"), Benchmark(Baseline = true)]
    public GameContent DeserializeMessagePack() => SaveFormats.Get<GameContent>(SaveFormat.MessagePack).Read(_messagePack);

    [BenchmarkCategory("Deserialize"), Benchmark]
    public GameContentPack? DeserializeMemoryPack() => MemoryPackSerializer.Deserialize<GameContentPack>(_memoryPack);

    private static byte[] Encode(ContentSize size, bool memoryPack)
    {
        var content = SampleSaves.Content(size);
        if (memoryPack)
        {
            return MemoryPackSerializer.Serialize(MirrorMapper.Map<GameContentPack>(content));
        }

        var output = new ArrayBufferWriter<byte>();
        SaveFormats.Get<GameContent>(SaveFormat.MessagePack).Write(output, content);
        return output.WrittenSpan.ToArray();
    }

    private static long PayloadBytes(BenchmarkCase benchmarkCase) => Encode(
        DerivedColumn.Parameter<ContentSize>(benchmarkCase, nameof(Size)),
        memoryPack: benchmarkCase.Descriptor.WorkloadMethod.Name.EndsWith("MemoryPack", StringComparison.Ordinal)).LongLength;

    private sealed class Config : ManualConfig
    {
        public Config()
        {
            AddJob(Jobs.Warm);
            AddColumn(DerivedColumn.Payload(PayloadBytes));
            AddLogicalGroupRules(BenchmarkLogicalGroupRule.ByCategory);
        }
    }
}

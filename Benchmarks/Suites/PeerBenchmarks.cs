using System.Buffers;
using System.Text.Json;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Running;
using Benchmarks.Infrastructure;
using Benchmarks.Peer;
using Engine.Core.Generation;
using Engine.Core.Model;
using Engine.Serialization.Formats;
using MemoryPack;

namespace Benchmarks.Suites;

/// <summary>
/// The engine's MessagePack format against its peers on the same content: MemoryPack in its
/// version-tolerant mode, the fastest known .NET serializer (through its own mirror types);
/// Nerdbank.MessagePack, writing the very same bytes as the engine (its generated shape of the
/// model); and System.Text.Json, source-generated, on the model as it is. Bare payloads into a
/// reused buffer: no container, no compression.
/// </summary>
[MemoryDiagnoser]
[Config(typeof(Config))]
public class PeerBenchmarks
{
    private GameContent _content = null!;
    private GameContentPack _pack = null!;
    private byte[] _messagePack = null!;
    private byte[] _memoryPack = null!;
    private byte[] _nerdbank = null!;
    private byte[] _json = null!;
    private ArrayBufferWriter<byte> _output = null!;
    private Utf8JsonWriter _jsonWriter = null!;

    [Params(ContentSize.Medium, ContentSize.Large)]
    public ContentSize Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _content = SampleSaves.Content(Size);
        _pack = MirrorMapper.Map<GameContentPack>(_content);
        _messagePack = SampleSaves.Payload(_content, SaveFormat.MessagePack);
        _memoryPack = MemoryPackSerializer.Serialize(_pack);
        _nerdbank = PeerChecks.Nerdbank(_content);
        _json = PeerChecks.Json(_content);
        _output = new ArrayBufferWriter<byte>(_json.Length);
        _jsonWriter = JsonPeer.Writer(_output);

        PeerChecks.ThrowIfLost(_content, MirrorMapper.Map<GameContent>(MemoryPackSerializer.Deserialize<GameContentPack>(_memoryPack)!), "MemoryPack's mirror");
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

    [BenchmarkCategory("Serialize"), Benchmark]
    public int SerializeNerdbank()
    {
        _output.ResetWrittenCount();
        NerdbankPeer.Write(_output, _content);
        return _output.WrittenCount;
    }

    [BenchmarkCategory("Serialize"), Benchmark]
    public int SerializeJson()
    {
        _output.ResetWrittenCount();
        _jsonWriter.Reset(_output);
        JsonPeer.Write(_jsonWriter, _content);
        return _output.WrittenCount;
    }

    [BenchmarkCategory("Deserialize"), Benchmark(Baseline = true)]
    public GameContent DeserializeMessagePack() => SaveFormats.Get<GameContent>(SaveFormat.MessagePack).Read(_messagePack);

    [BenchmarkCategory("Deserialize"), Benchmark]
    public GameContentPack? DeserializeMemoryPack() => MemoryPackSerializer.Deserialize<GameContentPack>(_memoryPack);

    [BenchmarkCategory("Deserialize"), Benchmark]
    public GameContent DeserializeNerdbank() => NerdbankPeer.Read(_nerdbank);

    [BenchmarkCategory("Deserialize"), Benchmark]
    public GameContent DeserializeJson() => JsonPeer.Read(_json);

    [GlobalCleanup]
    public void Cleanup() => _jsonWriter.Dispose();

    private static long PayloadBytes(BenchmarkCase benchmarkCase)
    {
        var content = SampleSaves.Content(DerivedColumn.Parameter<ContentSize>(benchmarkCase, nameof(Size)));
        string method = benchmarkCase.Descriptor.WorkloadMethod.Name;
        return method.EndsWith("MemoryPack", StringComparison.Ordinal) ? MemoryPackSerializer.Serialize(MirrorMapper.Map<GameContentPack>(content)).LongLength
            : method.EndsWith("Json", StringComparison.Ordinal) ? JsonPeer.Write(content).LongLength
            : SampleSaves.Payload(content, SaveFormat.MessagePack).LongLength; // Nerdbank's bytes are the engine's (checked in Setup).
    }

    private sealed class Config : ManualConfig
    {
        public Config()
        {
            AddJob(Jobs.Warm);
            // Large loads allocate 26-55 MB each, so a collection can land in any iteration: the median beside the mean.
            AddColumn(StatisticColumn.Median, DerivedColumn.Payload(PayloadBytes));
            AddLogicalGroupRules(BenchmarkLogicalGroupRule.ByCategory);
        }
    }
}

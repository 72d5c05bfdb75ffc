using BenchmarkDotNet.Attributes;
using Benchmarks.Infrastructure;
using Engine.Core.Generation;
using Engine.Core.Model;
using Engine.Serialization;
using Engine.Serialization.Compression;
using Engine.Serialization.Formats;

namespace Benchmarks.Suites;

/// <summary>A whole load (container checks, decompression, format) of a save held in memory, warm.</summary>
[MemoryDiagnoser]
[Config(typeof(SaveLoadConfig))]
public class LoadBenchmarks
{
    private byte[] _messagePack = null!;
    private byte[] _xml = null!;
    private byte[] _protobuf = null!;

    [Params(ContentSize.Small, ContentSize.Medium, ContentSize.Large)]
    public ContentSize Size { get; set; }

    [Params(SaveCompression.None, SaveCompression.Lz4)]
    public SaveCompression Compression { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _messagePack = SampleSaves.Save(SaveFormat.MessagePack, Compression, Size);
        _xml = SampleSaves.Save(SaveFormat.Xml, Compression, Size);
        _protobuf = SampleSaves.Save(SaveFormat.Protobuf, Compression, Size);
    }

    [Benchmark(Baseline = true)]
    public GameContent MessagePack() => SaveSerializer.Load<GameContent>(_messagePack);

    [Benchmark]
    public GameContent Xml() => SaveSerializer.Load<GameContent>(_xml);

    [Benchmark]
    public GameContent Protobuf() => SaveSerializer.Load<GameContent>(_protobuf);
}

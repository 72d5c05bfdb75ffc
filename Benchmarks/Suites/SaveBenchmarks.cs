using BenchmarkDotNet.Attributes;
using Benchmarks.Infrastructure;
using Engine.Core.Generation;
using Engine.Core.Model;
using Engine.Serialization;
using Engine.Serialization.Compression;
using Engine.Serialization.Formats;

namespace Benchmarks.Suites;

/// <summary>A whole save (format, compression, container) of generated content into a byte array, warm.</summary>
[MemoryDiagnoser]
[Config(typeof(SaveLoadConfig))]
public class SaveBenchmarks
{
    private GameContent _content = null!;
    private SaveOptions _messagePack = null!;
    private SaveOptions _xml = null!;
    private SaveOptions _protobuf = null!;

    [Params(ContentSize.Small, ContentSize.Medium, ContentSize.Large)]
    public ContentSize Size { get; set; }

    [Params(SaveCompression.None, SaveCompression.Lz4)]
    public SaveCompression Compression { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _content = SampleSaves.Content(Size);
        _messagePack = SampleSaves.Options(SaveFormat.MessagePack, Compression);
        _xml = SampleSaves.Options(SaveFormat.Xml, Compression);
        _protobuf = SampleSaves.Options(SaveFormat.Protobuf, Compression);
    }

    [Benchmark(Baseline = true)]
    public byte[] MessagePack() => SaveSerializer.Save(_content, options: _messagePack);

    [Benchmark]
    public byte[] Xml() => SaveSerializer.Save(_content, options: _xml);

    [Benchmark]
    public byte[] Protobuf() => SaveSerializer.Save(_content, options: _protobuf);
}

using BenchmarkDotNet.Attributes;
using Engine.Core.Generation;
using Engine.Core.Model;
using Engine.Serialization;

namespace Benchmarks.Suites;

/// <summary>Warm save and load of generated content through the engine's MessagePack path.</summary>
[MemoryDiagnoser]
public class MessagePackBenchmarks
{
    private GameContent _content = null!;
    private byte[] _saved = null!;

    [Params(ContentSize.Small, ContentSize.Medium)]
    public ContentSize Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _content = ContentGenerator.Create(Size);
        _saved = SaveSerializer.Save(_content);
    }

    [Benchmark]
    public byte[] Save() => SaveSerializer.Save(_content);

    [Benchmark]
    public GameContent Load() => SaveSerializer.Load(_saved);
}

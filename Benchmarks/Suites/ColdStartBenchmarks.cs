using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Benchmarks.Infrastructure;
using Engine.Core.Model;
using Engine.Serialization;
using Engine.Serialization.Compression;
using Engine.Serialization.Formats;

namespace Benchmarks.Suites;

/// <summary>
/// The first load of a Medium save file in a fresh process (RunStrategy.ColdStart: no pilot, no
/// warm-up, one call per launch), under JIT and, when the toolchain can build, NativeAOT.
/// It times the call inside an already started runtime; build/coldstart.sh times whole processes.
/// </summary>
[Config(typeof(Config))]
public class ColdStartBenchmarks
{
    private string _messagePack = "";
    private string _xml = "";
    private string _protobuf = "";

    [Params(SaveCompression.None, SaveCompression.Lz4)]
    public SaveCompression Compression { get; set; }

    /// <summary>Only names files (written by the host beforehand), so nothing the load uses runs before it.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _messagePack = SampleSaves.ColdSavePath(SaveFormat.MessagePack, Compression);
        _xml = SampleSaves.ColdSavePath(SaveFormat.Xml, Compression);
        _protobuf = SampleSaves.ColdSavePath(SaveFormat.Protobuf, Compression);
    }

    [Benchmark(Baseline = true)]
    public GameContent MessagePack() => SaveSerializer.LoadFromFile<GameContent>(_messagePack);

    [Benchmark]
    public GameContent Xml() => SaveSerializer.LoadFromFile<GameContent>(_xml);

    [Benchmark]
    public GameContent Protobuf() => SaveSerializer.LoadFromFile<GameContent>(_protobuf);

    private sealed class Config : ManualConfig
    {
        public Config()
        {
            AddJob(Jobs.ColdJit);
            if (Jobs.ColdNative is { } native)
            {
                AddJob(native);
            }
        }
    }
}

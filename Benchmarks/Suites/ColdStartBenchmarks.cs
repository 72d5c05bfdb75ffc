using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Running;
using Benchmarks.Baselines;
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
/// Beside the engine's formats, the seed's baselines: XmlSerializer and protobuf-net's runtime model reading the
/// engine's bare payloads, which the seed's targets compare with the native MessagePack load.
/// </summary>
[Config(typeof(Config))]
public class ColdStartBenchmarks
{
    private string _messagePack = "";
    private string _xml = "";
    private string _protobuf = "";
    private string _xmlPayload = "";
    private string _protobufPayload = "";

    [Params(SaveCompression.None, SaveCompression.Lz4)]
    public SaveCompression Compression { get; set; }

    /// <summary>Only names files (written by the host beforehand), so nothing the load uses runs before it.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _messagePack = SampleSaves.ColdSavePath(SaveFormat.MessagePack, Compression);
        _xml = SampleSaves.ColdSavePath(SaveFormat.Xml, Compression);
        _protobuf = SampleSaves.ColdSavePath(SaveFormat.Protobuf, Compression);
        _xmlPayload = SampleSaves.ColdPayloadPath(SaveFormat.Xml);
        _protobufPayload = SampleSaves.ColdPayloadPath(SaveFormat.Protobuf);
    }

    [Benchmark(Baseline = true)]
    public GameContent MessagePack() => SaveSerializer.LoadFromFile<GameContent>(_messagePack);

    [Benchmark]
    public GameContent Xml() => SaveSerializer.LoadFromFile<GameContent>(_xml);

    [Benchmark]
    public GameContent Protobuf() => SaveSerializer.LoadFromFile<GameContent>(_protobuf);

    /// <summary>The seed's XML load: XmlSerializer, made for the call as the seed's first load made it.</summary>
    [Benchmark]
    public GameContent XmlSerializerBaseline() => SeedBaselines.LoadWithXmlSerializer(_xmlPayload);

    /// <summary>The seed's protobuf load: protobuf-net's runtime model, configured for the call as the seed's first load configured it.</summary>
    [Benchmark]
    public GameContent ProtobufNetRuntimeModelBaseline() => SeedBaselines.LoadWithProtobufNetRuntimeModel(_protobufPayload);

    /// <summary>The seed's baselines read bare payloads (no compression to vary) by reflection, which NativeAOT lacks.</summary>
    private static bool RunsHere(BenchmarkCase benchmarkCase) =>
        benchmarkCase.Descriptor.WorkloadMethod.Name is not (nameof(XmlSerializerBaseline) or nameof(ProtobufNetRuntimeModelBaseline))
        || (benchmarkCase.Job.Id != Jobs.ColdNativeAotId && Equals(benchmarkCase.Parameters[nameof(Compression)], SaveCompression.None));

    private sealed class Config : ManualConfig
    {
        public Config()
        {
            AddJob(Jobs.ColdJit);
            if (Jobs.ColdNative is { } native)
            {
                AddJob(native);
            }

            AddFilter(new SimpleFilter(RunsHere));
        }
    }
}

using System.Buffers;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Benchmarks.Infrastructure;
using Engine.Core.Generation;
using Engine.Core.Model;
using Engine.Serialization.Formats;
using Engine.Serialization.Formats.MessagePack;
using Engine.Testing;
using MessagePack;
using MessagePack.Resolvers;

namespace Benchmarks.Suites;

/// <summary>
/// MessagePack on Medium content through the engine's build-time generated formatters against
/// MessagePack's contractless resolver, which builds formatters at run time with Reflection.Emit
/// (JIT only). Cold (first call in a fresh process: formatter creation shows) and warm.
/// </summary>
[MemoryDiagnoser]
[Config(typeof(Config))]
public class GeneratedVsDynamicBenchmarks
{
    private static readonly MessagePackSerializerOptions Dynamic =
        ContractlessStandardResolver.Options.WithSecurity(MessagePackSecurity.UntrustedData);

    private GameContent _content = null!;
    private byte[] _payload = null!;
    private ArrayBufferWriter<byte> _output = null!;

    [GlobalSetup]
    public void Setup()
    {
        _content = ContentGenerator.Create(ContentSize.Medium);
        _payload = File.ReadAllBytes(SampleSaves.ColdPayloadPath(SaveFormat.MessagePack));
        _output = new ArrayBufferWriter<byte>(_payload.Length);
    }

    [BenchmarkCategory("Serialize"), Benchmark(Baseline = true)]
    public int SerializeGenerated() => Serialize(MessagePackSaveFormat.OptionsFor<GameContent>());

    [BenchmarkCategory("Serialize"), Benchmark]
    public int SerializeDynamic() => Serialize(Dynamic);

    [BenchmarkCategory("Deserialize"), Benchmark(Baseline = true)]
    public GameContent DeserializeGenerated() => MessagePackSerializer.Deserialize<GameContent>(_payload, MessagePackSaveFormat.OptionsFor<GameContent>());

    [BenchmarkCategory("Deserialize"), Benchmark]
    public GameContent DeserializeDynamic() => MessagePackSerializer.Deserialize<GameContent>(_payload, Dynamic);

    /// <summary>Run after the measurements, so it can't warm anything up: both resolvers read each other's bytes back to the same game.</summary>
    [GlobalCleanup]
    public void CheckSameWireFormat()
    {
        var fromDynamic = MessagePackSerializer.Deserialize<GameContent>(MessagePackSerializer.Serialize(_content, Dynamic), MessagePackSaveFormat.OptionsFor<GameContent>());
        var fromGenerated = MessagePackSerializer.Deserialize<GameContent>(MessagePackSerializer.Serialize(_content, MessagePackSaveFormat.OptionsFor<GameContent>()), Dynamic);
        foreach (var loaded in new[] { fromDynamic, fromGenerated })
        {
            if (new GraphComparer().FindDifference(_content, loaded) is { } difference)
            {
                throw new InvalidOperationException($"The generated and dynamic resolvers disagree: {difference}");
            }
        }
    }

    private int Serialize(MessagePackSerializerOptions options)
    {
        _output.ResetWrittenCount();
        MessagePackSerializer.Serialize(_output, _content, options);
        return _output.WrittenCount;
    }

    private sealed class Config : ManualConfig
    {
        public Config()
        {
            AddJob(Jobs.ColdJit, Jobs.Warm);
            AddLogicalGroupRules(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByJob);
        }
    }
}

using System.Buffers;
using System.Collections.Concurrent;
using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Running;
using Benchmarks.Infrastructure;
using Engine.Core.Model;
using Engine.Serialization.Formats;

namespace Benchmarks.Suites;

/// <summary>
/// How each format scales with a room's height grid alone (seeds 2 and 5): a game holding one
/// room whose grid is Side x Side cells, encoded and decoded by the bare format, beside a plain
/// copy of the grid's bytes, the limit. Time per cell should stay flat as the grid grows.
/// </summary>
[Config(typeof(Config))]
public class GridScalingBenchmarks
{
    private static readonly ConcurrentDictionary<(SaveFormat, int), long> PayloadSizes = new();

    private GameContent _content = null!;
    private byte[] _raw = null!;
    private byte[] _copy = null!;
    private byte[] _messagePack = null!;
    private byte[] _xml = null!;
    private byte[] _protobuf = null!;
    private ArrayBufferWriter<byte> _output = null!;

    /// <summary>Cells per side: 40 thousand cells, 4 million, and 25 million (100 MB of floats; 0.6 GB as XML). A dry run takes the smallest only.</summary>
    [ParamsSource(nameof(Sides))]
    public int Side { get; set; }

    public static IEnumerable<int> Sides => Jobs.Dry ? [200] : [200, 2000, 5000];

    [GlobalSetup(Target = nameof(MemoryCopy))]
    public void SetupCopy()
    {
        _content = GridGame(Side);
        _raw = MemoryMarshal.AsBytes(_content.Rooms[0].WalkGrid.Cells.AsSpan()).ToArray();
        _copy = new byte[_raw.Length];
    }

    [GlobalSetup(Targets = [nameof(MessagePackSave), nameof(XmlSave), nameof(ProtobufSave)])]
    public void SetupSave()
    {
        _content = GridGame(Side);
        _output = new ArrayBufferWriter<byte>();
    }

    [GlobalSetup(Target = nameof(MessagePackLoad))]
    public void SetupMessagePackLoad() => _messagePack = SampleSaves.Payload(GridGame(Side), SaveFormat.MessagePack);

    [GlobalSetup(Target = nameof(XmlLoad))]
    public void SetupXmlLoad() => _xml = SampleSaves.Payload(GridGame(Side), SaveFormat.Xml);

    [GlobalSetup(Target = nameof(ProtobufLoad))]
    public void SetupProtobufLoad() => _protobuf = SampleSaves.Payload(GridGame(Side), SaveFormat.Protobuf);

    [Benchmark(Baseline = true)]
    public int MemoryCopy()
    {
        _raw.AsSpan().CopyTo(_copy);
        return _copy.Length;
    }

    [Benchmark]
    public int MessagePackSave() => Save(SaveFormat.MessagePack);

    [Benchmark]
    public GameContent MessagePackLoad() => SaveFormats.Get<GameContent>(SaveFormat.MessagePack).Read(_messagePack);

    [Benchmark]
    public int XmlSave() => Save(SaveFormat.Xml);

    [Benchmark]
    public GameContent XmlLoad() => SaveFormats.Get<GameContent>(SaveFormat.Xml).Read(_xml);

    [Benchmark]
    public int ProtobufSave() => Save(SaveFormat.Protobuf);

    [Benchmark]
    public GameContent ProtobufLoad() => SaveFormats.Get<GameContent>(SaveFormat.Protobuf).Read(_protobuf);

    /// <summary>A game whose only content is one room with a Side x Side grid of heights in [0, 4), the same for the same side.</summary>
    public static GameContent GridGame(int side)
    {
        var random = new Random(side);
        var grid = new HeightGrid(side, side);
        for (int i = 0; i < grid.Cells.Count; i++)
        {
            grid.Cells[i] = random.NextSingle() * 4f;
        }

        return new GameContent { GameId = "engine.grid", Rooms = [new Room { Id = "room.grid", WalkGrid = grid }] };
    }

    private int Save(SaveFormat format)
    {
        _output.ResetWrittenCount();
        SaveFormats.Get<GameContent>(format).Write(_output, _content);
        return _output.WrittenCount;
    }

    private static long Cells(BenchmarkCase benchmarkCase) => (long)DerivedColumn.Parameter<int>(benchmarkCase, nameof(Side)) * DerivedColumn.Parameter<int>(benchmarkCase, nameof(Side));

    private static long PayloadBytes(BenchmarkCase benchmarkCase)
    {
        string method = benchmarkCase.Descriptor.WorkloadMethod.Name;
        int side = DerivedColumn.Parameter<int>(benchmarkCase, nameof(Side));
        return method == nameof(MemoryCopy)
            ? Cells(benchmarkCase) * sizeof(float)
            : PayloadSizes.GetOrAdd(
                (Enum.Parse<SaveFormat>(method[..^4]), side),
                key => SampleSaves.Payload(GridGame(key.Item2), key.Item1).LongLength);
    }

    private sealed class Config : ManualConfig
    {
        public Config()
        {
            AddJob(Jobs.Long);
            AddColumn(
                DerivedColumn.Payload(PayloadBytes),
                DerivedColumn.Throughput(c => Cells(c) * sizeof(float)),
                DerivedColumn.TimePerElement(Cells));
        }
    }
}

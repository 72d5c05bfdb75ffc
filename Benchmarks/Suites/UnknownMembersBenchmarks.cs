using System.Buffers;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Benchmarks.Infrastructure;
using Engine.Core.Generation;
using Engine.Core.Model;
using Engine.Serialization.Formats;
using MessagePack;

namespace Benchmarks.Suites;

/// <summary>
/// What keeping a newer game's members costs: loading and saving Medium content whose every object carries one member
/// this build's model lacks (the worst case: a newer game that added a member to every type), against the same content
/// without; and saving ordinary content in a process that has kept unknown members before (each save then looks every
/// object up), against one that never has. BenchmarkDotNet runs each case in a fresh process, so the last is honest.
/// </summary>
[MemoryDiagnoser]
[Config(typeof(Config))]
public class UnknownMembersBenchmarks
{
    private static readonly ISaveFormat<GameContent> Format = SaveFormats.Get<GameContent>(SaveFormat.MessagePack);

    private byte[] _plain = [];
    private byte[] _newer = [];
    private GameContent _content = null!;
    private GameContent _keeping = null!;
    private ArrayBufferWriter<byte> _output = null!;

    /// <summary>For the plain cases: nothing is kept in their process.</summary>
    [GlobalSetup(Targets = [nameof(Load), nameof(Save)])]
    public void Setup()
    {
        _content = SampleSaves.Content(ContentSize.Medium);
        _output = new ArrayBufferWriter<byte>();
        Format.Write(_output, _content);
        _plain = _output.WrittenSpan.ToArray();
        _newer = WithAnExtraMemberInEveryObject(_plain);
    }

    /// <summary>For the cases that keep members: a newer save is loaded first.</summary>
    [GlobalSetup(Targets = [nameof(LoadKeepingUnknownMembers), nameof(SaveKeptUnknownMembers), nameof(SaveAfterKeepingElsewhere)])]
    public void SetupKeeping()
    {
        Setup();
        _keeping = Format.Read(_newer);
    }

    [Benchmark(Baseline = true)]
    public GameContent Load() => Format.Read(_plain);

    [Benchmark]
    public GameContent LoadKeepingUnknownMembers() => Format.Read(_newer);

    [Benchmark]
    public int Save()
    {
        _output.ResetWrittenCount();
        Format.Write(_output, _content);
        return _output.WrittenCount;
    }

    [Benchmark]
    public int SaveKeptUnknownMembers()
    {
        _output.ResetWrittenCount();
        Format.Write(_output, _keeping);
        return _output.WrittenCount;
    }

    /// <summary>The same content's save as <see cref="Save"/>, in a process where a newer save was loaded before.</summary>
    [Benchmark]
    public int SaveAfterKeepingElsewhere() => Save();

    /// <summary>The payload with one more member, "Newer": 1, in every map.</summary>
    private static byte[] WithAnExtraMemberInEveryObject(byte[] payload)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new MessagePackWriter(buffer);
        var reader = new MessagePackReader(payload);
        Copy(ref reader, ref writer);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    private static void Copy(ref MessagePackReader reader, ref MessagePackWriter writer)
    {
        switch (reader.NextMessagePackType)
        {
            case MessagePackType.Map:
                int pairs = reader.ReadMapHeader();
                writer.WriteMapHeader(pairs + 1);
                for (int i = 0; i < pairs * 2; i++)
                {
                    Copy(ref reader, ref writer);
                }

                writer.Write("Newer");
                writer.Write(1);
                break;
            case MessagePackType.Array:
                int items = reader.ReadArrayHeader();
                writer.WriteArrayHeader(items);
                for (int i = 0; i < items; i++)
                {
                    Copy(ref reader, ref writer);
                }

                break;
            default:
                writer.WriteRaw(reader.ReadRaw());
                break;
        }
    }

    private sealed class Config : ManualConfig
    {
        public Config() => AddJob(Jobs.Warm);
    }
}

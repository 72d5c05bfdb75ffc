using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Running;
using Benchmarks.Infrastructure;
using Engine.Core.Generation;
using Engine.Serialization.Compression;
using Engine.Serialization.Formats;

namespace Benchmarks.Suites;

/// <summary>
/// The warm job and the payload columns of <see cref="SaveBenchmarks"/> and <see cref="LoadBenchmarks"/>,
/// whose methods are named after the <see cref="SaveFormat"/> they measure.
/// </summary>
public sealed class SaveLoadConfig : ManualConfig
{
    public SaveLoadConfig()
    {
        AddJob(Jobs.Warm);
        AddColumn(DerivedColumn.Payload(FileBytes), DerivedColumn.TimePerByte(FileBytes));
    }

    /// <summary>The size of the whole save file a case writes or reads.</summary>
    public static long FileBytes(BenchmarkCase benchmarkCase) => SampleSaves.Save(
        Enum.Parse<SaveFormat>(benchmarkCase.Descriptor.WorkloadMethod.Name),
        DerivedColumn.Parameter<SaveCompression>(benchmarkCase, nameof(SaveBenchmarks.Compression)),
        DerivedColumn.Parameter<ContentSize>(benchmarkCase, nameof(SaveBenchmarks.Size))).LongLength;
}

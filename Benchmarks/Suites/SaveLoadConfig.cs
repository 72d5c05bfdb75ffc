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
        AddColumn(DerivedColumn.Payload(FileBytes), DerivedColumn.TimePerByte(ContentBytes));
    }

    /// <summary>The size of the whole save file a case writes or reads.</summary>
    public static long FileBytes(BenchmarkCase benchmarkCase) =>
        SaveBytes(benchmarkCase, DerivedColumn.Parameter<SaveCompression>(benchmarkCase, nameof(SaveBenchmarks.Compression)));

    /// <summary>
    /// The size of the same save uncompressed: the amount of content a case handles. Time per byte
    /// is taken over this, because LZ4's ratio grows with the content (3.5x on Medium, 15x on Large
    /// XML) and time per compressed byte would read that as a loss of speed.
    /// </summary>
    public static long ContentBytes(BenchmarkCase benchmarkCase) => SaveBytes(benchmarkCase, SaveCompression.None);

    private static long SaveBytes(BenchmarkCase benchmarkCase, SaveCompression compression) => SampleSaves.Save(
        Enum.Parse<SaveFormat>(benchmarkCase.Descriptor.WorkloadMethod.Name),
        compression,
        DerivedColumn.Parameter<ContentSize>(benchmarkCase, nameof(SaveBenchmarks.Size))).LongLength;
}

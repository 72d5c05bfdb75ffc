using System.Runtime.CompilerServices;
using Engine.Serialization.Formats;

namespace Benchmarks.Infrastructure;

/// <summary>
/// Turns XML and protobuf on, to be measured against MessagePack, in every process that runs a suite: this one and
/// those BenchmarkDotNet generates to run a job in a process of its own (JIT and NativeAOT), whose projects import no
/// Directory.Build.targets, so a project switch (SaveFormatXml) would not reach them.
/// </summary>
internal static class AllFormats
{
    [ModuleInitializer]
    internal static void TurnOn()
    {
        AppContext.SetSwitch(OptionalFormats.XmlSwitch, true);
        AppContext.SetSwitch(OptionalFormats.ProtobufSwitch, true);
    }
}

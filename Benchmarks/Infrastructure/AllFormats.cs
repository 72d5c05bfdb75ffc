using System.Runtime.CompilerServices;
using Engine.Serialization.Formats;

namespace Benchmarks.Infrastructure;

/// <summary>
/// Turns XML and protobuf on in every process that runs a suite. Benchmarks.csproj's switches reach only its own
/// runtime config; the projects BenchmarkDotNet generates to run a job in a process of its own (JIT and NativeAOT)
/// import neither Directory.Build.targets nor those switches, and would leave both formats out.
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

using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using SharpFuzz.Common;

namespace Engine.Serialization.Fuzz;

/// <summary>
/// Gives the instrumented libraries a trace map to write to before afl-fuzz's is attached: the models' codecs register
/// themselves in a module initializer that runs instrumented code before <c>Fuzzer.OutOfProcess.Run</c> sets the map, and
/// with no map that code writes through a null pointer (SharpFuzz issue 34). Run replaces it with afl-fuzz's map.
/// </summary>
internal static class TraceBeforeFuzzing
{
    private const int MapSize = 1 << 16;

    [ModuleInitializer]
    internal static unsafe void GiveTheTraceAMap()
    {
        if (Trace.SharedMem == null)
        {
            Trace.SharedMem = (byte*)NativeMemory.AllocZeroed(MapSize);
        }
    }
}

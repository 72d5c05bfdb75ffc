using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Game.Sample.Commands;

/// <summary>
/// What Engine.Serialization's prefault-start-data.c, linked into the native game, did before Main: the selftest
/// reports it so that a publish that lost it shows.
/// </summary>
internal static class StartDataPrefault
{
    public static string Describe()
    {
        if (RuntimeFeature.IsDynamicCodeSupported)
        {
            return "start data: not a native build";
        }

        try
        {
            long result = Prefaulted();
            return result switch
            {
                > 0 => $"start data: {result / 1024:N0} KiB mapped in one call before Main",
                0 => "start data: not prefaulted (no writable segment found)",
                _ => $"start data: not prefaulted (the kernel refused, errno {-result})",
            };
        }
        catch (Exception e) when (e is DllNotFoundException or EntryPointNotFoundException)
        {
            return "start data: not prefaulted (not linked into this build)";
        }
    }

    [DllImport("EngineStartData", EntryPoint = "engine_start_data_prefaulted")]
    private static extern long Prefaulted();
}

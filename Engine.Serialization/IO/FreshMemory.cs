using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Engine.Serialization.IO;

/// <summary>
/// Large buffers whose pages the OS maps in one call rather than one fault per 4 KiB page as they are first written:
/// on the virtual machines games and CI run on, a first touch costs about 11 µs, and a save read into a fresh array
/// touches one page per 4 KiB. Linux 5.14+ (madvise MADV_POPULATE_WRITE); elsewhere, or when the call fails, the
/// pages fault in one by one as before.
/// </summary>
internal static partial class FreshMemory
{
    private const int PopulateWrite = 23;

    // Below this, a few faults cost less than the call.
    private const int MinimumLength = 64 * 1024;

    private static bool _unavailable = !OperatingSystem.IsLinux();

    /// <summary>Whether the OS has taken every request so far (tests check that the call works where it should).</summary>
    internal static bool IsPopulating => !_unavailable;

    /// <summary>An array of <paramref name="length"/> items, not zeroed: the caller writes every one.</summary>
    public static T[] Array<T>(int length)
        where T : unmanaged
    {
        T[] array = GC.AllocateUninitializedArray<T>(length);
        if ((long)length * Unsafe.SizeOf<T>() >= MinimumLength && !_unavailable)
        {
            Populate(MemoryMarshal.AsBytes(array.AsSpan()));
        }

        return array;
    }

    private static unsafe void Populate(Span<byte> memory)
    {
        nuint page = (nuint)Environment.SystemPageSize;
        fixed (byte* start = memory)
        {
            // Whole pages inside the array only: the pages it shares with its neighbours are the heap's business.
            nuint first = ((nuint)start + page - 1) & ~(page - 1);
            nuint end = ((nuint)start + (nuint)memory.Length) & ~(page - 1);
            try
            {
                if (end > first && Madvise(first, end - first, PopulateWrite) != 0)
                {
                    _unavailable = true; // EINVAL before Linux 5.14: don't ask again
                }
            }
            catch (Exception e) when (e is DllNotFoundException or EntryPointNotFoundException)
            {
                _unavailable = true;
            }
        }
    }

    [LibraryImport("libc", EntryPoint = "madvise")]
    private static partial int Madvise(nuint address, nuint length, int advice);
}

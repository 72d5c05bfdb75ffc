using System.Runtime.InteropServices;

namespace Engine.Serialization.IO;

/// <summary>
/// Has the OS map a fresh buffer's pages in one call rather than one fault per 4 KiB page as they are first written: on
/// the virtual machines games and CI run on, a first touch costs about 11 µs (<see cref="FreshMemory"/>).
/// </summary>
internal interface IMemoryPopulating
{
    /// <summary>Whether the OS has taken every request so far (tests check that the call works where it should).</summary>
    bool IsPopulating { get; }

    /// <summary>Maps the whole pages inside <paramref name="memory"/> now, or leaves them to fault in where the OS won't.</summary>
    void Populate(Span<byte> memory);
}

/// <summary>
/// Linux 5.14 and later: madvise MADV_POPULATE_WRITE. An older kernel refuses it (EINVAL), and a C library without
/// madvise can't be asked: either way it isn't asked again, and the pages fault in one by one.
/// </summary>
internal sealed partial class MadvisePopulating : IMemoryPopulating
{
    private const int PopulateWrite = 23;

    private bool _refused;

    public bool IsPopulating => !_refused;

    public unsafe void Populate(Span<byte> memory)
    {
        if (_refused)
        {
            return;
        }

        nuint page = (nuint)Environment.SystemPageSize;
        fixed (byte* start = memory)
        {
            // Whole pages inside the memory only: the pages it shares with its neighbours are the heap's business.
            nuint first = ((nuint)start + page - 1) & ~(page - 1);
            nuint end = ((nuint)start + (nuint)memory.Length) & ~(page - 1);
            try
            {
                if (end > first && Madvise(first, end - first, PopulateWrite) != 0)
                {
                    _refused = true;
                }
            }
            catch (Exception e) when (e is DllNotFoundException or EntryPointNotFoundException)
            {
                _refused = true;
            }
        }
    }

    [LibraryImport("libc", EntryPoint = "madvise")]
    private static partial int Madvise(nuint address, nuint length, int advice);
}

/// <summary>Windows, Apple's systems and the other Unix systems: no such request, so the pages fault in one by one.</summary>
internal sealed class NoMemoryPopulating : IMemoryPopulating
{
    public bool IsPopulating => false;

    public void Populate(Span<byte> memory)
    {
        // Nothing to ask: see the class's summary.
    }
}

using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Engine.Serialization.IO;

/// <summary>
/// Large buffers whose pages the OS maps in one call where it can (<see cref="Platforms.MemoryPopulating"/>), rather
/// than one fault per 4 KiB page as they are first written: a save read into a fresh array touches one page per 4 KiB.
/// </summary>
internal static class FreshMemory
{
    // Below this, a few faults cost less than the call.
    private const int MinimumLength = 64 * 1024;

    /// <summary>An array of <paramref name="length"/> items, not zeroed: the caller writes every one.</summary>
    public static T[] Array<T>(int length)
        where T : unmanaged
    {
        T[] array = GC.AllocateUninitializedArray<T>(length);
        if ((long)length * Unsafe.SizeOf<T>() >= MinimumLength)
        {
            Platforms.MemoryPopulating.Populate(MemoryMarshal.AsBytes(array.AsSpan()));
        }

        return array;
    }
}

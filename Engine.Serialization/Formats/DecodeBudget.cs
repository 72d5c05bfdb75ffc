using System.Runtime.ExceptionServices;
using Engine.Serialization.Errors;

namespace Engine.Serialization.Formats;

/// <summary>
/// Bounds the memory decoding one payload may take: <see cref="BytesPerPayloadByte"/> bytes per
/// payload byte plus <see cref="FixedBytes"/>. Lengths and counts in a payload are checked against
/// the bytes present, but an empty object costs one or two bytes and allocates hundreds (the lists
/// and child objects it starts with), so a payload of a million empty rooms would take hundreds of
/// times its size. Decoders call <see cref="Check"/> at each object they create; a format's Read
/// opens the budget around its decode, on the decoding thread. Real saves take 1 to 3 bytes per
/// payload byte. The budget stays below the 64 per byte plus 64 MiB that a whole load is held to,
/// leaving room for the rest of the load and for a list's growth between two checks.
/// </summary>
internal sealed class DecodeBudget : IDisposable
{
    public const int BytesPerPayloadByte = 48;

    public const long FixedBytes = 48L << 20;

    private const int CheckInterval = 16;

    [ThreadStatic]
    private static DecodeBudget? _current;

    private readonly DecodeBudget? _outer;
    private readonly long _start;
    private readonly long _limit;
    private readonly int _payloadLength;
    private int _calls;

    private DecodeBudget(int payloadLength)
    {
        _outer = _current;
        _payloadLength = payloadLength;
        _limit = ((long)BytesPerPayloadByte * payloadLength) + FixedBytes;
        _start = GC.GetAllocatedBytesForCurrentThread();
    }

    /// <summary>Opens a budget for a payload of <paramref name="payloadLength"/> bytes on this thread until disposed.</summary>
    public static DecodeBudget Open(int payloadLength) => _current = new DecodeBudget(payloadLength);

    /// <summary>
    /// Throws <see cref="SaveTooLargeException"/> once the open budget is spent; outside a decode, does
    /// nothing. The allocation counter is read at every <see cref="CheckInterval"/>th call (it costs
    /// about 12 ns), so a budget is overrun by at most that many objects.
    /// </summary>
    public static void Check()
    {
        var budget = _current;
        if (budget is not null && ++budget._calls % CheckInterval == 0 && GC.GetAllocatedBytesForCurrentThread() - budget._start > budget._limit)
        {
            throw new SaveTooLargeException(
                $"The {budget._payloadLength:N0}-byte payload decodes to more than {budget._limit:N0} bytes of objects "
                + $"({BytesPerPayloadByte} per payload byte plus {FixedBytes >> 20} MiB): it holds far more objects than its size can describe.");
        }
    }

    /// <summary><see cref="Check"/>, then <paramref name="decoded"/>: for a decoder that creates objects in expressions.</summary>
    public static T Checked<T>(T decoded)
    {
        Check();
        return decoded;
    }

    /// <summary>Rethrows, as itself, a save exception a decoder library wrapped in its own (a spent budget, thrown from inside it).</summary>
    public static void RethrowWrapped(Exception e)
    {
        for (var inner = e.InnerException; inner is not null; inner = inner.InnerException)
        {
            if (inner is SaveException save)
            {
                ExceptionDispatchInfo.Throw(save);
            }
        }
    }

    public void Dispose() => _current = _outer;
}

using System.Runtime.CompilerServices;
using System.Runtime.ExceptionServices;
using Engine.Serialization.Errors;

namespace Engine.Serialization;

/// <summary>
/// The memory one load may take, counted on the loading thread from the moment the load starts: the file read in, the
/// payload decompressed, the documents migrations open and every object, collection and string decoded, all against
/// <see cref="LoadOptions.MaxMemoryBytes"/>. While a payload is decoded a second, tighter bound holds:
/// <see cref="BytesPerPayloadByte"/> bytes per payload byte plus <see cref="FixedDecodeBytes"/>, since an empty object
/// costs a payload one or two bytes and allocates hundreds (the lists and child objects it starts with).
/// Large buffers are reserved before they are allocated (<see cref="Reserve"/>); everything else is checked as it is
/// created (<see cref="Check"/>), so a load ends at its bound rather than after it.
/// </summary>
internal sealed class LoadBudget : IDisposable
{
    public const int BytesPerPayloadByte = 48;

    public const long FixedDecodeBytes = 48L << 20;

    private const int CheckInterval = 16;

    [ThreadStatic]
    private static LoadBudget? _current;

    [ThreadStatic]
    private static int _calls;

    private readonly LoadBudget? _outer;
    private readonly long _start;
    private readonly long _limit;

    // The rule the nearer bound comes from, for the message: the load's cap (a payload length of -1) or a decode's density.
    private readonly long _ruleLimit;
    private readonly int _payloadLength;

    private LoadBudget(long limit, long ruleLimit, int payloadLength)
    {
        _outer = _current;
        _start = GC.GetAllocatedBytesForCurrentThread();
        (_limit, _ruleLimit, _payloadLength) = (limit, ruleLimit, payloadLength);
        if (_outer is not null && _outer.Remaining(_start) < limit)
        {
            (_limit, _ruleLimit, _payloadLength) = (_outer.Remaining(_start), _outer._ruleLimit, _outer._payloadLength);
        }
    }

    /// <summary>
    /// Opens the budget of a whole load of a <paramref name="fileLength"/>-byte file, held in memory already, on this
    /// thread until disposed; inside another load's budget, it takes no more than that one has left.
    /// </summary>
    public static LoadBudget ForLoad(LoadOptions options, long fileLength)
    {
        ArgumentNullException.ThrowIfNull(options);
        var budget = _current = new LoadBudget(options.MaxMemoryBytes - fileLength, options.MaxMemoryBytes, payloadLength: -1);
        if (fileLength > options.MaxMemoryBytes)
        {
            budget.Dispose();
            throw TooMuchMemory(options.MaxMemoryBytes);
        }

        return budget;
    }

    /// <summary>
    /// Opens the decode of a payload of <paramref name="payloadLength"/> bytes, within what its load has left (or, outside
    /// a load, within the default <see cref="LoadOptions.MaxMemoryBytes"/>).
    /// </summary>
    public static LoadBudget ForDecode(int payloadLength)
    {
        long density = ((long)BytesPerPayloadByte * payloadLength) + FixedDecodeBytes;
        long cap = LoadOptions.Default.MaxMemoryBytes;
        return _current = _current is not null || density <= cap
            ? new LoadBudget(density, density, payloadLength)
            : new LoadBudget(cap, cap, payloadLength: -1);
    }

    /// <summary>
    /// Throws <see cref="SaveTooLargeException"/> once the open budget is spent; outside a load, does nothing. The
    /// allocation counter is read at every <see cref="CheckInterval"/>th call (it costs about 12 ns), so a budget is
    /// overrun by at most that many objects.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Check()
    {
        if (++_calls % CheckInterval == 0 && _current is { } budget)
        {
            budget.Require(0);
        }
    }

    /// <summary>Before allocating <paramref name="bytes"/> at once: throws, allocating nothing, when they would pass the open budget.</summary>
    public static void Reserve(long bytes) => _current?.Require(bytes);

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

    private long Remaining(long now) => _limit - (now - _start);

    private void Require(long bytes)
    {
        if (Remaining(GC.GetAllocatedBytesForCurrentThread()) >= bytes)
        {
            return;
        }

        throw _payloadLength >= 0
            ? new SaveTooLargeException(
                $"The {_payloadLength:N0}-byte payload decodes to more than {_ruleLimit:N0} bytes of objects ({BytesPerPayloadByte} per payload "
                + $"byte plus {FixedDecodeBytes >> 20} MiB): it holds far more objects than its size can describe.")
            : TooMuchMemory(_ruleLimit);
    }

    private static SaveTooLargeException TooMuchMemory(long limit) => new(
        $"Loading the save takes more than {limit:N0} bytes of memory, the most a load may use (LoadOptions.MaxMemoryBytes): "
        + "the file is damaged, or was made to exhaust memory, or comes from a game that raised the limit.");
}

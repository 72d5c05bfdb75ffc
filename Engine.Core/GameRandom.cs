using Engine.Core.Model;

namespace Engine.Core;

/// <summary>
/// The engine's random number generator (xoshiro256**). Its whole state is four numbers that go
/// into the save, so a loaded game continues the same sequence. <see cref="System.Random"/> is not
/// used because its algorithm is not promised to stay the same between .NET versions.
/// </summary>
public sealed class GameRandom
{
    private ulong _s0;
    private ulong _s1;
    private ulong _s2;
    private ulong _s3;

    public GameRandom(ulong seed)
    {
        // SplitMix64 spreads one seed over the four words, as the xoshiro authors recommend.
        _s0 = SplitMix(ref seed);
        _s1 = SplitMix(ref seed);
        _s2 = SplitMix(ref seed);
        _s3 = SplitMix(ref seed);
    }

    private GameRandom(RandomState state)
    {
        _s0 = state.S0;
        _s1 = state.S1;
        _s2 = state.S2;
        _s3 = state.S3;
        if ((_s0 | _s1 | _s2 | _s3) == 0)
        {
            _s0 = 1; // the all-zero state would only ever return zero
        }
    }

    public static GameRandom FromState(RandomState state)
    {
        ArgumentNullException.ThrowIfNull(state);
        return new GameRandom(state);
    }

    public RandomState SaveState() => new() { S0 = _s0, S1 = _s1, S2 = _s2, S3 = _s3 };

    public ulong NextUInt64()
    {
        ulong result = ulong.RotateLeft(_s1 * 5, 7) * 9;
        ulong t = _s1 << 17;
        _s2 ^= _s0;
        _s3 ^= _s1;
        _s1 ^= _s2;
        _s0 ^= _s3;
        _s2 ^= t;
        _s3 = ulong.RotateLeft(_s3, 45);
        return result;
    }

    /// <summary>A number in [0, <paramref name="maxExclusive"/>).</summary>
    public int Next(int maxExclusive)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(maxExclusive);
        return (int)((NextUInt64() >> 33) % (ulong)maxExclusive);
    }

    /// <summary>A number in [<paramref name="minInclusive"/>, <paramref name="maxExclusive"/>).</summary>
    public int Next(int minInclusive, int maxExclusive) => minInclusive + Next(maxExclusive - minInclusive);

    /// <summary>A number in [0, 1).</summary>
    public float NextSingle() => (NextUInt64() >> 40) * (1f / (1 << 24));

    public bool NextBool() => (NextUInt64() >> 63) != 0;

    public T Pick<T>(IReadOnlyList<T> items) => items[Next(items.Count)];

    private static ulong SplitMix(ref ulong state)
    {
        ulong z = state += 0x9E3779B97F4A7C15;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EB;
        return z ^ (z >> 31);
    }
}

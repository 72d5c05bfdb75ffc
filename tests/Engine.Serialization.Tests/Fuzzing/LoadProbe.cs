using System.Diagnostics;
using Engine.Core.Model;
using Engine.Serialization.Container;

namespace Engine.Serialization.Tests.Fuzzing;

/// <summary>How one input ended: it loaded, it was refused with a save exception, or something escaped.</summary>
internal readonly record struct ProbeResult(SaveException? Refusal, Exception? Escape, long AllocatedBytes, TimeSpan Elapsed)
{
    public bool Loaded => Refusal is null && Escape is null;
}

/// <summary>
/// Feeds one untrusted input to everything that reads a save (the whole load, and the header and metadata alone, with
/// the thumbnail and without it as a slot list reads them) and reports how it ended. Shared by the mutation tests and
/// the coverage-guided harness (tests/Engine.Serialization.Fuzz), which links this file.
/// </summary>
internal static class LoadProbe
{
    /// <summary>
    /// A watchdog for a real hang (a loop that never ends), not a measure of cost: a busy machine may take seconds over an
    /// input that takes milliseconds on a quiet one. What an input may cost is bounded in bytes allocated instead.
    /// </summary>
    public static readonly TimeSpan HangBound = TimeSpan.FromMinutes(1);

    /// <summary>
    /// The most any input may make the loader allocate, whatever it holds: just above what the load's budget lets it spend
    /// (48 bytes per payload byte plus 48 MiB while decoding, each stored byte expanding at most 255 times, and never
    /// past <see cref="LoadOptions.MaxMemoryBytes"/>), so only a load that escaped the budget crosses it.
    /// </summary>
    public static long BudgetBound(int inputLength) =>
        Math.Min((64L * 255 * inputLength) + (64L << 20), LoadOptions.Default.MaxMemoryBytes + (16L << 20));

    public static ProbeResult Run(byte[] input)
    {
        long allocatedBefore = GC.GetAllocatedBytesForCurrentThread();
        long start = Stopwatch.GetTimestamp();
        SaveException? refusal = null;
        Exception? escape = null;
        try
        {
            SaveSerializer.Load<GameContent>(input);
        }
        catch (SaveException e)
        {
            refusal = e;
        }
#pragma warning disable CA1031 // Anything else is exactly what this probe exists to catch and report.
        catch (Exception e)
        {
            escape = e;
        }

        foreach (bool withThumbnail in (ReadOnlySpan<bool>)[true, false])
        {
            try
            {
                using var stream = new MemoryStream(input, writable: false);
                SaveContainer.ReadInfo(stream, LoadOptions.Default, withThumbnail);
            }
            catch (SaveException)
            {
            }
            catch (Exception e)
            {
                escape ??= e;
            }
        }
#pragma warning restore CA1031

        return new ProbeResult(refusal, escape, GC.GetAllocatedBytesForCurrentThread() - allocatedBefore, Stopwatch.GetElapsedTime(start));
    }

    /// <summary>
    /// The runtime exception whose message the refusal repeats, if any: a player should read the save system's words,
    /// not "Arithmetic operation resulted in an overflow". What the engine or the game's model throws (a HeightGrid
    /// refusing its cells) is in their own words, and System.Xml's messages say where a document is wrong: those stand.
    /// </summary>
    private static Exception? RuntimeWords(SaveException refusal)
    {
        for (var inner = refusal.InnerException; inner is not null; inner = inner.InnerException)
        {
            if (inner is not (SaveException or System.Xml.XmlException)
                && inner.TargetSite?.DeclaringType?.Assembly.GetName().Name is not ("Engine.Core" or "Engine.Serialization")
                && inner.GetType().Namespace is { } space && (space == "System" || space.StartsWith("System.", StringComparison.Ordinal))
                && inner.Message.Length > 0 && refusal.Message.Contains(inner.Message.TrimEnd('.'), StringComparison.Ordinal))
            {
                return inner;
            }
        }

        return null;
    }

    /// <summary>What is wrong with a result, or null when it is one of the allowed outcomes within the bounds.</summary>
    public static string? Violation(byte[] input, ProbeResult result) => Violation(input, result, BudgetBound(input.Length));

    /// <summary>What is wrong with a result, allowing the input <paramref name="allocationBound"/> bytes allocated.</summary>
    public static string? Violation(byte[] input, ProbeResult result, long allocationBound)
    {
        if (result.Escape is { } e)
        {
            return $"{e.GetType().FullName} escaped: {e.Message}";
        }

        if (result.Refusal is { } refusal && RuntimeWords(refusal) is { } words)
        {
            return $"the refusal carries the runtime's own words ({words.GetType().Name}: \"{words.Message}\"): {refusal.Message}";
        }

        if (result.AllocatedBytes > allocationBound)
        {
            return $"allocated {result.AllocatedBytes:N0} bytes for a {input.Length:N0}-byte input (bound {allocationBound:N0})";
        }

        return result.Elapsed > HangBound ? $"did not finish within {HangBound.TotalSeconds:N0} s: it hangs" : null;
    }
}

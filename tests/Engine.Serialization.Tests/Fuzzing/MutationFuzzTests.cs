using System.Buffers.Binary;
using System.Globalization;
using Engine.Core.Model;
using Engine.Serialization.Container;
using Xunit.Abstractions;

namespace Engine.Serialization.Tests.Fuzzing;

/// <summary>
/// Tens of thousands of damaged saves per format and compression, each of which must load or be
/// refused with a <see cref="Errors.SaveException"/>, within the probe's time and allocation bounds.
/// Most inputs get their checksums recomputed after mutating, or the payload checksum would stop
/// them all before any decoder ran. Seeded: the same inputs every run (SAVE_FUZZ_SEED and
/// SAVE_FUZZ_INPUTS vary them for longer runs).
/// </summary>
public sealed class MutationFuzzTests(ITestOutputHelper output)
{
    private const int DefaultInputsPerCase = 20_000;

    private static readonly string[] StrategyNames = ["raw", "raw+checksums", "payload", "stored/metadata", "random"];

    public static TheoryData<SaveFormat, SaveCompression> Cases()
    {
        var cases = new TheoryData<SaveFormat, SaveCompression>();
        foreach (var format in Enum.GetValues<SaveFormat>())
        {
            cases.Add(format, SaveCompression.None);
            cases.Add(format, SaveCompression.Lz4);
        }

        return cases;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Load_MutatedSaves_LoadOrThrowSaveExceptionsWithinBounds(SaveFormat format, SaveCompression compression)
    {
        int inputs = EnvironmentNumber("SAVE_FUZZ_INPUTS") ?? DefaultInputsPerCase;
        int seed = (EnvironmentNumber("SAVE_FUZZ_SEED") ?? 6) * 100 + ((int)format * 10) + (int)compression;
        var seeds = FuzzSeeds.Contents.Select(content => FuzzSeeds.Save(content, format, compression)).ToArray();
        var payloads = seeds.Select(SaveFiles.DecodedPayload).ToArray();
        foreach (byte[] save in seeds)
        {
            SaveSerializer.Load<GameContent>(save); // warms up lazily built serializers, whose one-off allocations are not the input's
        }

        var mutator = new Mutator(new Random(seed));
        var tally = new Tally();
        for (int i = 0; i < inputs; i++)
        {
            int pick = mutator.Next(seeds.Length);
            int strategy = (i % 20) switch
            {
                < 4 => 0,
                < 8 => 1,
                < 17 => 2,
                < 19 => 3,
                _ => 4,
            };
            byte[] input = strategy switch
            {
                0 => mutator.Mutate(seeds[pick], seeds[1 - pick]),
                1 => SaveFiles.FixChecksums(mutator.Mutate(seeds[pick], seeds[1 - pick])),
                2 => SaveFiles.Frame(format, compression, mutator.Mutate(payloads[pick], payloads[1 - pick])),
                3 => compression == SaveCompression.Lz4 ? MutateStored(mutator, seeds[pick], format) : MutateMetadata(mutator, seeds[pick]),
                _ => i % 40 == 19 ? mutator.RandomBytes(2048) : SaveFiles.Frame(format, compression, mutator.RandomBytes(2048)),
            };

            var result = LoadProbe.Run(input);
            tally.Add(strategy, input, result, format, compression);
        }

        string summary = tally.Summary($"{format} x {compression}", seed);
        output.WriteLine(summary);
        FuzzReport.Write($"mutation-{format}-{compression}.txt", summary);
        Assert.True(tally.Violations.Count == 0, $"{summary}\n{string.Join('\n', tally.Violations)}");
    }

    /// <summary>The compressed bytes damaged, framed with the length the original decodes to.</summary>
    private static byte[] MutateStored(Mutator mutator, byte[] save, SaveFormat format)
    {
        var (info, stored) = SaveContainer.Open(save, LoadOptions.Default);
        byte[] damaged = mutator.Mutate(stored.ToArray(), []);
        return SaveFiles.FrameStored(format, SaveCompression.Lz4, damaged, checked((int)info.Header.DecodedLength));
    }

    /// <summary>The metadata block damaged, with its checksum made to match.</summary>
    private static byte[] MutateMetadata(Mutator mutator, byte[] save)
    {
        int length = BinaryPrimitives.ReadInt32LittleEndian(save.AsSpan(SaveContainer.MetadataLengthOffset));
        byte[] metadata = save.AsSpan(SaveContainer.HeaderSize, length).ToArray();
        return SaveFiles.WithMetadataBytes(save, mutator.Mutate(metadata, []));
    }

    private static int? EnvironmentNumber(string name) =>
        int.TryParse(Environment.GetEnvironmentVariable(name), NumberStyles.Integer, CultureInfo.InvariantCulture, out int value) ? value : null;

    /// <summary>Counts of what the inputs did, and the first few violations with their inputs kept under artifacts/.</summary>
    private sealed class Tally
    {
        private readonly int[] _byStrategy = new int[StrategyNames.Length];
        private readonly SortedDictionary<string, int> _outcomes = new(StringComparer.Ordinal);
        private int _total;
        private long _maxAllocated;
        private TimeSpan _maxElapsed;

        public List<string> Violations { get; } = [];

        public void Add(int strategy, byte[] input, ProbeResult result, SaveFormat format, SaveCompression compression)
        {
            _total++;
            _byStrategy[strategy]++;
            string outcome = result.Escape is { } e ? "ESCAPED " + e.GetType().Name : result.Refusal is { } r ? Describe(r) : "loaded";
            _outcomes[outcome] = _outcomes.GetValueOrDefault(outcome) + 1;
            _maxAllocated = Math.Max(_maxAllocated, result.AllocatedBytes);
            _maxElapsed = result.Elapsed > _maxElapsed ? result.Elapsed : _maxElapsed;
            if (LoadProbe.Violation(input, result) is { } violation && Violations.Count < 10)
            {
                string file = FuzzReport.KeepInput($"{format}-{compression}-{_total}.sav", input);
                Violations.Add($"input {_total} ({StrategyNames[strategy]}, kept as {file}): {violation}\n{result.Escape?.StackTrace}");
            }
        }

        /// <summary>The refusal's type, and for damage, the stage that caught it: the point is to show the decoders were reached.</summary>
        private static string Describe(SaveException refusal)
        {
            if (refusal is not SaveCorruptedException)
            {
                return refusal.GetType().Name;
            }

            string message = refusal.Message;
            string stage = message.Contains("checksum", StringComparison.Ordinal) ? "checksum"
                : message.Contains("LZ4", StringComparison.Ordinal) ? "LZ4"
                : message.Contains(" payload could not", StringComparison.Ordinal) || message.Contains(" payload holds", StringComparison.Ordinal)
                    || message.Contains(" payload has", StringComparison.Ordinal) ? "decoder"
                : message.Contains("metadata", StringComparison.Ordinal) ? "metadata"
                : "container";
            return $"{refusal.GetType().Name} ({stage})";
        }

        public string Summary(string name, int seed)
        {
            string strategies = string.Join(", ", StrategyNames.Select((s, i) => $"{s} {_byStrategy[i]:N0}"));
            string outcomes = string.Join(", ", _outcomes.Select(o => $"{o.Key} {o.Value:N0}"));
            return $"{name}: {_total:N0} inputs tried (seed {seed}; {strategies}) -> {outcomes}; "
                + $"{Violations.Count} violations; slowest {_maxElapsed.TotalMilliseconds:N0} ms, most allocated {_maxAllocated / 1024.0 / 1024.0:N1} MiB";
        }
    }
}

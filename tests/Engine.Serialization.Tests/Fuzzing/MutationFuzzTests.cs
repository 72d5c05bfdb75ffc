using System.Buffers.Binary;
using System.Globalization;
using Engine.Core.Model;
using Engine.Serialization.Container;
using Engine.Serialization.Tests.Fixtures;
using K4os.Compression.LZ4.Streams;

namespace Engine.Serialization.Tests.Fuzzing;

/// <summary>
/// Tens of thousands of damaged saves per format and compression, each of which must load or be
/// refused with a <see cref="Errors.SaveException"/>, allocating no more than a few times what loading
/// the undamaged seeds does (nested XML: per byte of its payload; an LZ4 frame edited as LZ4, which may hold a valid
/// bomb: no more than the load's budget). Most inputs get their checksums recomputed after mutating, or the payload
/// checksum would stop them all before any decoder ran; every stage of docs/FORMAT.md's reading order
/// must refuse some input, or the mutations stopped reaching it. Seeded: the same inputs every run
/// (SAVE_FUZZ_SEED and SAVE_FUZZ_INPUTS vary them for longer runs).
/// </summary>
public sealed class MutationFuzzTests(ITestOutputHelper output)
{
    private const int DefaultInputsPerCase = 20_000;

    private static readonly string[] StrategyNames = ["raw", "raw+checksums", "header", "payload", "stored/metadata", "random", "lz4 frame", "xml nesting"];

    private const int Lz4FrameStrategy = 6;
    private const int XmlNestingStrategy = 7;

    // What an input may allocate: this many times what loading the largest undamaged seed does, plus this many bytes per
    // input byte (a mutation may grow the input). The most any input allocated stays under half of it.
    private const int SeedLoads = 3;
    private const int BytesPerInputByte = 8;

    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
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

        long seedLoad = seeds.Max(save => LoadProbe.Run(save).AllocatedBytes);
        var mutator = new Mutator(new Random(seed));
        var tally = new Tally(seedLoad);
        for (int i = 0; i < inputs; i++)
        {
            int pick = mutator.Next(seeds.Length);
            int strategy = (i % 20) switch
            {
                < 4 => 0,
                < 7 => 1,
                7 => 2,
                14 when compression == SaveCompression.Lz4 => Lz4FrameStrategy,
                15 when format == SaveFormat.Xml => XmlNestingStrategy,
                < 17 => 3,
                < 19 => 4,
                _ => 5,
            };
            byte[] input = strategy switch
            {
                0 => mutator.Mutate(seeds[pick], seeds[1 - pick]),
                1 => SaveFiles.FixChecksums(mutator.Mutate(seeds[pick], seeds[1 - pick])),
                2 => MutateHeader(mutator, seeds[pick]),
                3 => SaveFiles.Frame(format, compression, mutator.Mutate(payloads[pick], payloads[1 - pick])),
                4 => compression == SaveCompression.Lz4 ? MutateStored(mutator, seeds[pick], format) : MutateMetadata(mutator, seeds[pick]),
                Lz4FrameStrategy => EditFrame(mutator, seeds[pick], format),
                XmlNestingStrategy => SaveFiles.Frame(format, compression, XmlNestingEdits.Apply(payloads[pick], mutator.Bytes(XmlNestingEdits.EditLength * (1 + mutator.Next(2))))),
                _ => i % 40 == 19 ? mutator.RandomBytes(2048) : SaveFiles.Frame(format, compression, mutator.RandomBytes(2048)),
            };

            var result = LoadProbe.Run(input);
            tally.Add(strategy, input, result, format, compression);
        }

        string summary = tally.Summary($"{format} x {compression}", seed);
        output.WriteLine(summary);
        FuzzReport.Write($"mutation-{format}-{compression}.txt", summary);
        Assert.True(tally.Violations.Count == 0, $"{summary}\n{string.Join('\n', tally.Violations)}");
        var unreached = Stages(compression).Where(stage => !tally.Reached(stage)).ToList();
        Assert.True(unreached.Count == 0, $"no input reached: {string.Join(", ", unreached)}\n{summary}");
    }

    /// <summary>The outcomes docs/FORMAT.md's reading order can end in, each of which some input must reach.</summary>
    private static IEnumerable<string> Stages(SaveCompression compression) =>
    [
        nameof(NotASaveFileException), "SaveCorruptedException (container)", "SaveCorruptedException (checksum)",
        nameof(SaveTooLargeException), nameof(UnknownSaveFormatException), "SaveCorruptedException (metadata)",
        .. compression == SaveCompression.Lz4 ? ["SaveCorruptedException (LZ4)"] : Array.Empty<string>(),
        nameof(UnsupportedSaveVersionException), "SaveCorruptedException (decoder)", "loaded",
    ];

    /// <summary>One to four mutations inside the 52-byte header only, checksums made to match: the container's own checks.</summary>
    private static byte[] MutateHeader(Mutator mutator, byte[] save)
    {
        byte[] header = mutator.Mutate(save[..SaveContainer.HeaderSize], []);
        return header.Length == SaveContainer.HeaderSize ? SaveFiles.FixChecksums([.. header, .. save.AsSpan(SaveContainer.HeaderSize)]) : header;
    }

    /// <summary>The compressed bytes damaged, framed with the length the original decodes to.</summary>
    private static byte[] MutateStored(Mutator mutator, byte[] save, SaveFormat format)
    {
        var (info, stored) = SaveContainer.Open(save, LoadOptions.Default);
        byte[] damaged = mutator.Mutate(stored.ToArray(), []);
        return SaveFiles.FrameStored(format, SaveCompression.Lz4, damaged, checked((int)info.Header.DecodedLength));
    }

    /// <summary>
    /// The LZ4 frame edited as LZ4 (<see cref="Lz4FrameEdits"/>), framed with the length the original decodes to, what
    /// the edited frame really decodes to (when it does, up to 16 MiB), or the most its bytes could expand to.
    /// </summary>
    private static byte[] EditFrame(Mutator mutator, byte[] save, SaveFormat format)
    {
        var (info, stored) = SaveContainer.Open(save, LoadOptions.Default);
        byte[] edited = Lz4FrameEdits.Apply(stored.ToArray(), mutator.Bytes(Lz4FrameEdits.EditLength * (1 + mutator.Next(3))));
        int original = checked((int)info.Header.DecodedLength);
        int declared = mutator.Next(4) switch
        {
            0 => DecodedLength(edited) ?? original,
            1 => (int)Math.Min(int.MaxValue, edited.Length * 255L),
            _ => original,
        };
        return SaveFiles.FrameStored(format, SaveCompression.Lz4, edited, declared);
    }

    /// <summary>How many bytes an LZ4 frame decodes to by K4os's own stream decoder, or null when it fails or passes 16 MiB.</summary>
    private static int? DecodedLength(byte[] frame)
    {
        try
        {
            using var decoder = LZ4Stream.Decode(new MemoryStream(frame));
            byte[] chunk = new byte[1 << 16];
            int total = 0;
            for (int read; (read = decoder.Read(chunk)) > 0 && total <= 16 << 20;)
            {
                total += read;
            }

            return total <= 16 << 20 ? total : null;
        }
#pragma warning disable CA1031 // Any failure of K4os's decoder means the frame has no length to declare.
        catch (Exception)
        {
            return null;
        }
#pragma warning restore CA1031
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
    private sealed class Tally(long seedLoad)
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
            if (LoadProbe.Violation(input, result, Bound(strategy, input)) is { } violation && Violations.Count < 10)
            {
                string file = FuzzReport.KeepInput($"{format}-{compression}-{_total}.sav", input);
                Violations.Add($"input {_total} ({StrategyNames[strategy]}, kept as {file}): {violation}\n{result.Escape?.StackTrace}");
            }
        }

        public bool Reached(string outcome) => _outcomes.GetValueOrDefault(outcome) > 0;

        /// <summary>
        /// A few seed loads and some bytes per input byte; for nested XML, per byte of the payload, which LZ4 makes much
        /// larger than the input; for an edited LZ4 frame, which may really expand to megabytes (a long match is a valid
        /// bomb), the load's own budget.
        /// </summary>
        private long Bound(int strategy, byte[] input) => strategy switch
        {
            Lz4FrameStrategy => LoadProbe.BudgetBound(input.Length),
            XmlNestingStrategy => (SeedLoads * seedLoad) + (BytesPerInputByte * BinaryPrimitives.ReadInt64LittleEndian(input.AsSpan(SaveContainer.DecodedLengthOffset))),
            _ => (SeedLoads * seedLoad) + ((long)BytesPerInputByte * input.Length),
        };

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
                + $"{Violations.Count} violations; slowest {_maxElapsed.TotalMilliseconds:N0} ms, most allocated {_maxAllocated / 1024.0 / 1024.0:N2} MiB "
                + $"(an undamaged seed's load {seedLoad / 1024.0 / 1024.0:N2} MiB; bound {SeedLoads} seed loads + {BytesPerInputByte} bytes per input byte, "
                + "per payload byte for nested XML, an edited LZ4 frame the load's budget)";
        }
    }
}

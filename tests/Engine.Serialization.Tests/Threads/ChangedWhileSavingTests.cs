using Engine.Serialization.Slots;
using Engine.Serialization.Tests.Fixtures;
using MessagePack;

namespace Engine.Serialization.Tests.Threads;

/// <summary>
/// A save taken while another thread changes the game (lists appended and trimmed, a dictionary and a set changed) is
/// either refused, its message naming the thread rule, or loads: never a save that reports success and can't be loaded.
/// </summary>
public sealed class ChangedWhileSavingTests(ITestOutputHelper output)
{
    private const int Saves = 400;

    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public void Save_WhileAnotherThreadChangesTheGame_IsRefusedNamingTheThreadRule_OrLoads(SaveFormat format, SaveCompression compression)
    {
        var game = BusyColony.Create();
        var options = new SaveOptions { Format = format, Compression = compression };
        using var changer = new Changer(game);
        var tally = new Tally();
        for (int i = 0; i < Saves; i++)
        {
            tally.Add(() => SaveSerializer.Save(game, options: options), bytes => SaveSerializer.Load<BusyColony>(bytes));
        }

        output.WriteLine($"{format} x {compression}: {tally} ({changer.Changes:N0} changes by the other thread)");
        Assert.True(tally.Failures.Count == 0, $"{tally}\n{string.Join('\n', tally.Failures)}");
        Assert.True(changer.Changes > Saves, "the other thread hardly changed the game: the test proves nothing");
    }

    [Fact]
    public async Task SaveAsync_WhileAnotherThreadChangesTheGame_IsRefusedNamingTheThreadRule_OrLoads()
    {
        string folder = Directory.CreateTempSubdirectory("changed-while-saving-").FullName;
        try
        {
            var game = BusyColony.Create();
            var store = new SaveSlotStore<BusyColony>(folder);
            using var changer = new Changer(game);
            var tally = new Tally();
            for (int i = 0; i < Saves / 4; i++)
            {
                await tally.AddAsync(() => store.SaveAsync("slot", game), () => store.Load("slot").Content);
            }

            output.WriteLine($"SaveAsync: {tally} ({changer.Changes:N0} changes by the other thread)");
            Assert.True(tally.Failures.Count == 0, $"{tally}\n{string.Join('\n', tally.Failures)}");
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    /// <summary>What the saves did: loaded, refused naming the thread rule, or something else (a failure).</summary>
    private sealed class Tally
    {
        private int _loaded;
        private int _refused;

        public List<string> Failures { get; } = [];

        public void Add(Func<byte[]> save, Func<byte[], BusyColony> load)
        {
            byte[] bytes;
            try
            {
                bytes = save();
            }
            catch (SaveEncodingException e) when (NamesTheThreadRule(e))
            {
                _refused++;
                return;
            }
#pragma warning disable CA1031 // Anything else is the failure this test exists to find.
            catch (Exception e)
            {
                Failures.Add($"the save failed without naming the thread rule: {e.GetType().Name}: {e.Message}");
                return;
            }

            try
            {
                load(bytes);
                _loaded++;
            }
            catch (Exception e)
            {
                Failures.Add($"a save that succeeded does not load: {e.GetType().Name}: {e.Message}");
            }
#pragma warning restore CA1031
        }

        public async Task AddAsync(Func<Task> save, Func<BusyColony> load)
        {
#pragma warning disable CA1031 // Anything else is the failure this test exists to find.
            try
            {
                await save();
            }
            catch (SaveEncodingException e) when (NamesTheThreadRule(e))
            {
                _refused++;
                return;
            }
            catch (Exception e)
            {
                Failures.Add($"the save failed without naming the thread rule: {e.GetType().Name}: {e.Message}");
                return;
            }

            try
            {
                load();
                _loaded++;
            }
            catch (Exception e)
            {
                Failures.Add($"a save that succeeded does not load: {e.GetType().Name}: {e.Message}");
            }
#pragma warning restore CA1031
        }

        public override string ToString() => $"{_loaded} loaded, {_refused} refused naming the thread rule, {Failures.Count} failures";

        private static bool NamesTheThreadRule(SaveException e) => e.Message.Contains("the game's thread", StringComparison.Ordinal);
    }

    /// <summary>Changes the colony on a thread of its own until disposed: units come and go, stock and seen ids change.</summary>
    private sealed class Changer : IDisposable
    {
        private readonly CancellationTokenSource _stop = new();
        private readonly Thread _thread;
        private long _changes;

        public Changer(BusyColony game)
        {
            _thread = new Thread(() => Run(game)) { IsBackground = true };
            _thread.Start();
        }

        public long Changes => Interlocked.Read(ref _changes);

        public void Dispose()
        {
            _stop.Cancel();
            _thread.Join();
            _stop.Dispose();
        }

        private void Run(BusyColony game)
        {
            var random = new Random(7);
            for (int i = 0; !_stop.IsCancellationRequested; i++)
            {
                game.Units.Add(new Unit { Name = $"unit {i}", Health = random.Next(100) });
                if (game.Units.Count > 300)
                {
                    game.Units.RemoveRange(0, random.Next(1, 100));
                }

                game.Log.Add($"turn {i}");
                if (game.Log.Count > 200)
                {
                    game.Log.RemoveAt(0);
                }

                game.Stock[$"good {random.Next(400)}"] = i;
                if (game.Stock.Count > 300)
                {
                    game.Stock.Remove(game.Stock.Keys.First());
                }

                if (!game.Seen.Add(random.Next(1000)))
                {
                    game.Seen.Remove(random.Next(1000));
                }

                Interlocked.Increment(ref _changes);
            }
        }
    }
}

[SaveModel]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class BusyColony
{
    public List<Unit> Units { get; set; } = [];

    public List<string> Log { get; set; } = [];

    public Dictionary<string, int> Stock { get; set; } = [];

    public HashSet<int> Seen { get; set; } = [];

    public float[] Heights { get; set; } = [];

    public static BusyColony Create()
    {
        var colony = new BusyColony { Heights = new float[4096] };
        for (int i = 0; i < 200; i++)
        {
            colony.Units.Add(new Unit { Name = $"unit {i}", Health = i });
            colony.Log.Add($"turn {i}");
            colony.Stock[$"good {i}"] = i;
            colony.Seen.Add(i);
        }

        return colony;
    }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Unit
{
    public string Name { get; set; } = "";

    public int Health { get; set; }
}

using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Benchmarks.Infrastructure;
using Engine.Core.Generation;
using Engine.Core.Model;
using Engine.Serialization;
using Engine.Serialization.Slots;

namespace Benchmarks.Suites;

/// <summary>
/// What a save costs a game at play, into a temp folder: a full synchronous save (the reference: SaveToFile encodes
/// everything and writes a new file, as every save did before the store kept a snapshot), and through
/// <see cref="SaveSlotStore{T}"/> after 1% of the rooms changed: the part of <see cref="SaveSlotStore{T}.SaveAsync"/> on
/// the game's thread (until it returns its task), the part after it (until the task completes), and a whole autosave.
/// One call per iteration, so each iteration is one save, and the percentiles are those of single saves.
/// </summary>
[MemoryDiagnoser]
[Config(typeof(Config))]
public class AutosaveBenchmarks
{
    private GameContent _content = null!;
    private SaveSlotStore<GameContent> _store = null!;
    private string _folder = "";
    private Task _pending = Task.CompletedTask;
    private int _round;

    internal const int SavesInARow = 16;

    [Params(ContentSize.Small, ContentSize.Medium, ContentSize.Large)]
    public ContentSize Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _content = ContentGenerator.Create(Size); // its own: the 1% case changes it
        _folder = Directory.CreateTempSubdirectory("autosave-benchmarks-").FullName;
        _store = new SaveSlotStore<GameContent>(_folder);
    }

    [GlobalCleanup]
    public void Cleanup() => Directory.Delete(_folder, recursive: true);

    [Benchmark(Baseline = true)]
    public void FullSave() => SaveSerializer.SaveToFile(Path.Combine(_folder, "full.sav"), _content);

    /// <summary>Until SaveAsync returns: the hitch a game sees. The write it started is awaited after the iteration.</summary>
    [Benchmark]
    public void GameThread() => _pending = _store.SaveAsync("async", _content);

    [IterationSetup(Target = nameof(GameThread))]
    public void ChangeBeforeGameThread() => ChangeOnePercentOfTheRooms();

    [IterationCleanup(Target = nameof(GameThread))]
    public void FinishPending() => _pending.GetAwaiter().GetResult();

    /// <summary>From SaveAsync's return until its task completes: the part a game does not wait for.</summary>
    [Benchmark]
    public void Background() => _pending.GetAwaiter().GetResult();

    [IterationSetup(Target = nameof(Background))]
    public void StartSave()
    {
        ChangeOnePercentOfTheRooms();
        _pending = _store.SaveAsync("async", _content);
    }

    /// <summary>A whole autosave (game thread and background) after 1% of the rooms changed since the last one.</summary>
    [Benchmark]
    public string AutosaveAfterOnePercentChanged() => _store.AutosaveAsync(_content).GetAwaiter().GetResult();

    /// <summary>
    /// A whole autosave after a turn of a game that keeps its log to a length (as the sample game does): one message in,
    /// the oldest out, so every message of the log moves up one place.
    /// </summary>
    [Benchmark]
    public string AutosaveAfterTheLogMoved() => _store.AutosaveAsync(_content).GetAwaiter().GetResult();

    [IterationSetup(Target = nameof(AutosaveAfterTheLogMoved))]
    public void MoveTheLog()
    {
        _round++;
        var log = _content.MessageLog;
        if (log.Count > 0)
        {
            log.RemoveAt(0);
        }

        log.Add(new LogMessage { TimeSeconds = _round, Kind = MessageKind.Narration, Text = $"Turn {_round}: the lantern flickers." });
    }

    /// <summary>
    /// Autosaves in a row, each after 1% of the rooms changed: the steady state a game at play reaches. Many saves per
    /// call, so that the harness's own allocations for a call (about 300 bytes) don't count as the save's.
    /// </summary>
    [Benchmark(OperationsPerInvoke = SavesInARow)]
    public void AutosavesInARow()
    {
        for (var i = 0; i < SavesInARow; i++)
        {
            ChangeOnePercentOfTheRooms();
            _store.AutosaveAsync(_content).GetAwaiter().GetResult();
        }
    }

    [IterationSetup(Target = nameof(AutosaveAfterOnePercentChanged))]
    public void ChangeOnePercentOfTheRooms()
    {
        _round++;
        var rooms = _content.Rooms;
        int changed = Math.Max(1, rooms.Count / 100);
        for (int i = 0; i < changed; i++)
        {
            var room = rooms[((_round * changed) + i) % rooms.Count];
            room.Visited = !room.Visited;
            if (room.Objects.Count > 0)
            {
                room.Objects[0].Position = new Engine.Core.Math.Vector2(_round, i);
            }
        }
    }

    private sealed class Config : ManualConfig
    {
        public Config() => AddJob(Jobs.PerCall);
    }
}

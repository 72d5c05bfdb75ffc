using System.Collections.Concurrent;

namespace Engine.Serialization.Slots;

/// <summary>
/// Runs a store's writes on the thread pool: one slot's writes one after another, in the order they were
/// asked for and whatever each one's outcome, so they never interleave; different slots' writes in parallel.
/// </summary>
internal sealed class SlotWriteQueue
{
    private readonly ConcurrentDictionary<string, SlotQueue> _queues = new(StringComparer.Ordinal);

    /// <summary>Every slot this store has written, is writing or has reserved.</summary>
    public IEnumerable<string> Slots
    {
        get
        {
            // The dictionary's own enumerator: its Keys would copy them all into a new list.
            foreach (var pair in _queues)
            {
                yield return pair.Key;
            }
        }
    }

    /// <summary>Adds the slot to <see cref="Slots"/> before its first write, so its name counts as taken.</summary>
    public void Reserve(string slot) => _queues.GetOrAdd(slot, _ => new SlotQueue());

    public Task Enqueue(string slot, Action write)
    {
        var queue = _queues.GetOrAdd(slot, _ => new SlotQueue());
        lock (queue)
        {
            var previous = queue.Tail;
            var task = WriteAfter(previous, write);
            queue.Tail = task;
            return task;
        }
    }

    /// <summary>Completes once the slot's writes asked for so far have finished, whatever their outcome.</summary>
    public Task WhenWritten(string slot)
    {
        if (!_queues.TryGetValue(slot, out var queue))
        {
            return Task.CompletedTask;
        }

        lock (queue)
        {
            // Failures belong to the save's own caller; a load or delete only waits for it.
            return queue.Tail.ContinueWith(_ => { }, CancellationToken.None, TaskContinuationOptions.ExecuteSynchronously, TaskScheduler.Default);
        }
    }

    /// <summary>Runs a write on the thread pool once the slot's earlier writes have finished, whatever their outcome.</summary>
    private static async Task WriteAfter(Task previous, Action write)
    {
        await previous.ContinueWith(_ => { }, CancellationToken.None, TaskContinuationOptions.ExecuteSynchronously, TaskScheduler.Default).ConfigureAwait(false);
        await Task.Run(write).ConfigureAwait(false);
    }

    private sealed class SlotQueue
    {
        public Task Tail { get; set; } = Task.CompletedTask;
    }
}

namespace Engine.Serialization.Slots;

/// <summary>
/// Runs a store's writes on the thread pool one at a time, in the order they were asked for and whatever each one's
/// outcome, so they never interleave. One pool work item drains the queue while it holds writes, and a write is one
/// object (it is its own task's source): an autosave in steady state allocates next to nothing here.
/// </summary>
internal sealed class SlotWriteQueue : IThreadPoolWorkItem
{
    private readonly Queue<SlotWrite> _writes = new();
    private readonly Dictionary<string, SlotWrite> _lastOfSlot = new(StringComparer.Ordinal);
    private bool _draining;

    public Task<string> Enqueue(SlotWrite write)
    {
        lock (_writes)
        {
            _writes.Enqueue(write);
            if (write.Slot is { } slot)
            {
                _lastOfSlot[slot] = write;
            }

            if (_draining)
            {
                return write.Task;
            }

            _draining = true;
        }

        ThreadPool.UnsafeQueueUserWorkItem(this, preferLocal: false);
        return write.Task;
    }

    /// <summary>Completes when every write to the slot asked for so far is done, whether or not it succeeded.</summary>
    public Task WhenWritten(string slot)
    {
        lock (_writes)
        {
            // Failures belong to the save's own caller; a load or delete only waits for it.
            return _lastOfSlot.TryGetValue(slot, out var last)
                ? last.Task.ContinueWith(_ => { }, CancellationToken.None, TaskContinuationOptions.ExecuteSynchronously, TaskScheduler.Default)
                : Task.CompletedTask;
        }
    }

    void IThreadPoolWorkItem.Execute()
    {
        while (true)
        {
            SlotWrite? write;
            lock (_writes)
            {
                if (!_writes.TryDequeue(out write))
                {
                    _draining = false;
                    return;
                }
            }

            write.Run();
            lock (_writes)
            {
                if (write.Slot is { } slot && _lastOfSlot.TryGetValue(slot, out var last) && ReferenceEquals(last, write))
                {
                    _lastOfSlot.Remove(slot);
                }
            }
        }
    }
}

/// <summary>
/// One write in a <see cref="SlotWriteQueue"/>, and the source of the task its caller awaits: it completes with the
/// name of the slot written, or fails with what the write threw. Continuations run on the pool, never on the queue's
/// thread, so that a game's code after an await does not hold up the next save.
/// </summary>
internal abstract class SlotWrite(string? slot) : TaskCompletionSource<string>(TaskCreationOptions.RunContinuationsAsynchronously)
{
    /// <summary>The slot's file name when it is known before the write (an autosave's is chosen as it is written).</summary>
    public string? Slot { get; } = slot;

    /// <summary>Writes the file; returns the slot's name.</summary>
    protected abstract string Write();

    public void Run()
    {
        try
        {
            SetResult(Write());
        }
        catch (Exception e)
        {
            SetException(e);
        }
    }
}

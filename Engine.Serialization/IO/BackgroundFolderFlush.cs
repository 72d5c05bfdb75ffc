using System.Runtime.ExceptionServices;

namespace Engine.Serialization.IO;

/// <summary>
/// A folder flush (<see cref="FolderSync.Flush"/>) run on the thread pool while the caller goes on working, for a rename
/// that must reach the disk before the caller's next write. Waiting for it runs it on the caller's thread instead when
/// no pool thread has started it yet, so a busy pool only costs the overlap. One instance is kept for the next flush:
/// an autosave allocates nothing here.
/// </summary>
internal sealed class BackgroundFolderFlush : IThreadPoolWorkItem
{
    private const int Queued = 0;
    private const int Taken = 1;

    private static BackgroundFolderFlush? _spare;

    private readonly ManualResetEventSlim _done = new();
    private string _folder = "";
    private int _state;
    private int _users;
    private ExceptionDispatchInfo? _failure;

    public static BackgroundFolderFlush Start(string folder)
    {
        var flush = Interlocked.Exchange(ref _spare, null) ?? new BackgroundFolderFlush();
        flush._folder = folder;
        flush._failure = null;
        flush._done.Reset();
        flush._users = 2;
        Volatile.Write(ref flush._state, Queued);
        ThreadPool.UnsafeQueueUserWorkItem(flush, preferLocal: false);
        return flush;
    }

    void IThreadPoolWorkItem.Execute()
    {
        if (Interlocked.Exchange(ref _state, Taken) == Queued)
        {
            Run();
            _done.Set();
        }

        LetGo();
    }

    /// <summary>Returns once the folder is flushed; throws what the flush threw. The instance is not used after.</summary>
    public void Wait()
    {
        if (Interlocked.Exchange(ref _state, Taken) == Queued)
        {
            Run();
        }
        else
        {
            _done.Wait();
        }

        var failure = _failure;
        LetGo();
        failure?.Throw();
    }

    /// <summary>
    /// Called once by the waiter and once by the work item, whichever ran the flush: the second one keeps the instance
    /// for the next flush (a work item that found its flush taken may run long after the waiter returned).
    /// </summary>
    private void LetGo()
    {
        if (Interlocked.Decrement(ref _users) == 0)
        {
            Interlocked.CompareExchange(ref _spare, this, null);
        }
    }

    private void Run()
    {
        try
        {
            FolderSync.Flush(_folder);
        }
        catch (Exception e)
        {
            _failure = ExceptionDispatchInfo.Capture(e);
        }
    }
}

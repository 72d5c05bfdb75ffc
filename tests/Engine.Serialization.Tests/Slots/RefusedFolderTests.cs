using Engine.Core.Model;
using Engine.Serialization.Slots;
using Engine.Testing;
using SaveLoop;

namespace Engine.Serialization.Tests.Slots;

/// <summary>
/// Every failure of a folder the system refuses is a <see cref="SaveException"/> (issue 32): Save and AutosaveAsync in
/// tests/SaveLoop, run under each <see cref="FolderCondition"/> (as another user, or in a mount namespace of its own,
/// since the tests run as root), print the exception's message where a raw IOException ended the process.
/// </summary>
public sealed class RefusedFolderTests : IDisposable
{
    private static readonly TimeSpan Patience = TimeSpan.FromMinutes(2);

    private readonly string _root;
    private readonly string _folder;

    public RefusedFolderTests() => _folder = FolderCondition.NewSaveFolder("engine-refused-folder-", out _root);

    public void Dispose() => FolderCondition.Delete(_root);

    public static TheoryData<string> Conditions() => [.. FolderCondition.All.Select(condition => condition.Name)];

    [Theory]
    [MemberData(nameof(Conditions))]
    public void Save_IntoARefusedFolder_FailsWithOneSaveExceptionNamingWhatRefused(string condition)
    {
        FailsOnceUnder(FolderCondition.Named(condition), wrapper => SaveLoopProcess.Start(_folder, first: 7, count: 1, wrapper));

        Assert.Equal(1, new SaveSlotStore<GameContent>(_folder).Load(SaveLoopPlan.Slot).Content.Player.Moves);
    }

    [Theory]
    [MemberData(nameof(Conditions))]
    public void AutosaveAsync_IntoARefusedFolder_FailsWithOneSaveExceptionNamingWhatRefused(string condition)
    {
        FailsOnceUnder(FolderCondition.Named(condition), wrapper => SaveLoopProcess.StartAutosaves(_folder, first: 7, count: 1, wrapper));

        Assert.Single(new SaveSlotStore<GameContent>(_folder).List(), slot => slot.Name.StartsWith("autosave-", StringComparison.Ordinal));
    }

    /// <summary>
    /// Saves a slot and an autosave (making their lock files), turns the folder into the condition, runs the loop under
    /// it, and checks that it printed one failure, the save exception's message naming a path in the folder and what
    /// refused.
    /// </summary>
    private void FailsOnceUnder(FolderCondition condition, Func<IEnumerable<string>, SaveLoopProcess> start)
    {
        var store = new SaveSlotStore<GameContent>(_folder);
        store.Save(SaveLoopPlan.Slot, SaveLoopPlan.Content(1));
        store.AutosaveAsync(SaveLoopPlan.Content(2)).GetAwaiter().GetResult();
        condition.Prepare(_folder);

        using var loop = start(condition.Wrapper(_folder));
        int exitCode = loop.WaitForExit(Patience);

        Assert.True(exitCode == 0 && loop.Error.Length == 0, $"under {condition}, the loop exited {exitCode}: {loop.Error}");
        var failure = Assert.Single(loop.Lines);
        Assert.StartsWith($"failed: {_folder}", failure, StringComparison.Ordinal);
        Assert.Contains(condition.WriteRefusal, failure, StringComparison.Ordinal);
        FolderCondition.MakeReachable(_folder);
    }
}

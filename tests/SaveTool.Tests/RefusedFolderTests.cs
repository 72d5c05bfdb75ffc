using Engine.Core.Model;
using Engine.Serialization;
using Engine.Serialization.Slots;
using Engine.Testing;

namespace SaveTool.Tests;

/// <summary>
/// savetool on a slot folder the system refuses (issue 32), natively: each command that reads or writes the folder,
/// under every <see cref="FolderCondition"/>, either works, where the condition leaves what it needs, or prints exactly
/// one line on stderr and exits 2, as README.md says of a command that can't run. And <c>edit</c> writes nothing through
/// a link planted in the folder.
/// </summary>
public sealed class RefusedFolderTests : IDisposable
{
    private static readonly byte[] Precious = "the player's own file, not a save\n"u8.ToArray();

    private readonly string _root;
    private readonly string _folder;

    public RefusedFolderTests() => _folder = FolderCondition.NewSaveFolder("savetool-refused-folder-", out _root);

    public void Dispose() => FolderCondition.Delete(_root);

    private string Base => Path.Combine(_folder, "base.sav");

    private string Quick => Path.Combine(_folder, SaveSlotStore.QuickSlot + SaveSlotStore.FileExtension);

    /// <summary>Each command, by name, and what it does with the folder.</summary>
    private static readonly Dictionary<string, FolderUse> Commands = new()
    {
        ["info"] = FolderUse.Loading,
        ["dump"] = FolderUse.Loading,
        ["diff"] = FolderUse.Loading,
        ["verify"] = FolderUse.Listing,
        ["edit"] = FolderUse.Writing,
        ["convert"] = FolderUse.Writing,
    };

    public static IEnumerable<object[]> Cells() => FolderCondition.Cells(Commands.Keys);

    [Theory]
    [MemberData(nameof(Cells))]
    public async Task Command_OnARefusedSlotFolder_WorksOrPrintsOneLineAndExitsTwo(string conditionName, string command)
    {
        var condition = FolderCondition.Named(conditionName);
        var store = SaveSlotStore.ForGame<GameContent>("engine-sample", _folder);
        store.Save("base", ContentGenerator.Create(ContentSize.Small));
        await store.QuickSaveAsync(ContentGenerator.Create(ContentSize.Small));
        condition.Prepare(_folder);

        string[] arguments = command switch
        {
            "info" or "dump" => [command, Base],
            "diff" => [command, Base, Quick],
            "verify" => [command, _folder],
            "edit" => [command, Base, "--set", "Player.Score=1200"],
            _ => [command, Base, Quick, "--format", "xml"],
        };
        var run = SaveToolProgram.Native.Under(condition.Wrapper(_folder)).Start(arguments);

        // savetool lists no folder before it writes: in one it can't list, the write is made, and the folder's flush refused.
        string? refusal = condition == FolderCondition.UnlistableWritableFolder && Commands[command] == FolderUse.Writing
            ? "could not be flushed to disk: permission denied"
            : condition.Refusal(Commands[command]);
        if (refusal is not null)
        {
            Assert.True(run.ExitCode == 2, $"'{command}' in {condition} exited {run.ExitCode}: {run.Error}{run.Output}");
            string line = run.OneErrorLine();
            Assert.StartsWith($"error: {_folder}", line, StringComparison.Ordinal);
            Assert.Contains(refusal, line, StringComparison.Ordinal);
        }
        else
        {
            Assert.True(run.ExitCode == 0 && run.Error.Length == 0, $"'{command}' in {condition} exited {run.ExitCode}: {run.Error}");
        }
    }

    [Fact]
    public void Edit_WhenTheSlotsLockFileIsALinkToAnotherFile_WritesNothingThroughIt()
    {
        SaveSlotStore.ForGame<GameContent>("engine-sample", _folder).Save("base", ContentGenerator.Create(ContentSize.Small));
        string outside = Path.Combine(_root, "outside.txt");
        File.WriteAllBytes(outside, Precious);
        string lockPath = Base + SaveSlotStore.LockExtension;
        File.Delete(lockPath);
        File.CreateSymbolicLink(lockPath, outside);
        byte[] before = File.ReadAllBytes(Base);

        var run = SaveToolProgram.Native.Start("edit", Base, "--set", "Player.Score=1200");

        Assert.Equal(2, run.ExitCode);
        Assert.StartsWith($"error: {lockPath}: ", run.OneErrorLine(), StringComparison.Ordinal);
        Assert.Equal(Precious, File.ReadAllBytes(outside));
        Assert.Equal(before, File.ReadAllBytes(Base));
    }

    [Fact]
    public void EditAndConvert_OfASaveThatIsALink_AreRefused_AndTheLinkAndItsTargetStay()
    {
        string outside = Path.Combine(_root, "outside.sav");
        SaveSerializer.SaveToFile(outside, ContentGenerator.Create(ContentSize.Small));
        byte[] before = File.ReadAllBytes(outside);
        File.CreateSymbolicLink(Base, outside);

        var edit = SaveToolProgram.Native.Start("edit", Base, "--set", "Player.Score=1200");
        var convert = SaveToolProgram.Native.Start("convert", outside, Base, "--format", "xml");

        Assert.All([edit, convert], run => Assert.Equal(2, run.ExitCode));
        Assert.All([edit, convert], run => Assert.Contains("symbolic link", run.OneErrorLine(), StringComparison.Ordinal));
        Assert.Equal(outside, new FileInfo(Base).LinkTarget);
        Assert.Equal(before, File.ReadAllBytes(outside));
    }
}

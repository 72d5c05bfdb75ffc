using Engine.Serialization.IO;
using Engine.Testing;
using Microsoft.Win32.SafeHandles;

namespace Engine.Serialization.Tests.IO;

public sealed class AtomicFileTests : IDisposable
{
    private static readonly byte[] Previous = [1, 2, 3];
    private static readonly byte[] Older = [9];
    private static readonly byte[] Next = [4, 5, 6, 7];

    private readonly string _folder = Directory.CreateTempSubdirectory("engine-atomic-").FullName;

    private string Target => Path.Combine(_folder, "slot.sav");

    private string Backup => Target + ".bak";

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Fact]
    public void Write_ReplacesTheFile_AndKeepsThePreviousOneAsTheBackup()
    {
        AtomicFile.Write(Target, Older, Backup);
        AtomicFile.Write(Target, Previous, Backup);
        AtomicFile.Write(Target, Next, Backup);

        Assert.Equal(Next, File.ReadAllBytes(Target));
        Assert.Equal(Previous, File.ReadAllBytes(Backup));
        Assert.Equal([Target, Backup], Directory.GetFiles(_folder).Order());
    }

    [Theory]
    [InlineData(nameof(WriteStep.CreateTemp))]
    [InlineData(nameof(WriteStep.WriteData))]
    [InlineData(nameof(WriteStep.FlushData))]
    [InlineData(nameof(WriteStep.Replace))]
    public void Write_FailingBeforeTheReplace_LeavesTheFileAndBackupUntouched(string failingStep)
    {
        AtomicFile.Write(Target, Older, Backup);
        AtomicFile.Write(Target, Previous, Backup);

        var error = Assert.Throws<SaveIOException>(() => AtomicFile.Write(Target, Next, Backup, FailAt(Enum.Parse<WriteStep>(failingStep))));

        Assert.Equal(Previous, File.ReadAllBytes(Target));
        Assert.Equal(Older, File.ReadAllBytes(Backup));
        Assert.Equal([Target, Backup], Directory.GetFiles(_folder).Order());
        Assert.Contains("No space left on device", error.Message, StringComparison.Ordinal);
        Assert.Contains("previous save is untouched", error.Message, StringComparison.Ordinal);
        Assert.Equal(Target, error.FilePath);
    }

    [Fact]
    public void Write_FailingToFlushTheFolder_KeepsTheNewFile_AndReportsThatItMayNotBeOnDisk()
    {
        AtomicFile.Write(Target, Previous, Backup);

        var error = Assert.Throws<SaveIOException>(() => AtomicFile.Write(Target, Next, Backup, FailAt(WriteStep.FlushFolder)));

        Assert.Equal(Next, File.ReadAllBytes(Target));
        Assert.Equal(Previous, File.ReadAllBytes(Backup));
        Assert.Contains("could not be flushed", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Write_WhenARealWriteFails_LeavesThePreviousFile()
    {
        AtomicFile.Write(Target, Previous, Backup);
        string backupInTheWay = Path.Combine(Backup, "a folder where the backup goes");
        Directory.CreateDirectory(backupInTheWay);

        Assert.Throws<SaveIOException>(() => AtomicFile.Write(Target, Next, Backup));

        Assert.Equal(Previous, File.ReadAllBytes(Target));
        Assert.Empty(AtomicFile.LeftoverTemps(Target));
    }

    [Fact]
    public void LeftoverTemps_FindsOnlyThisFilesTemps()
    {
        File.WriteAllBytes(Path.Combine(_folder, ".slot.sav.0123.tmp"), Next);
        File.WriteAllBytes(Path.Combine(_folder, ".other.sav.0123.tmp"), Next);
        File.WriteAllBytes(Path.Combine(_folder, "slot.sav.tmp"), Next);

        Assert.Equal([Path.Combine(_folder, ".slot.sav.0123.tmp")], AtomicFile.LeftoverTemps(Target));
    }

    [Fact]
    public void Write_InAKnownSpare_WritesOnlyTheRangesThatDiffer()
    {
        var spare = Spare([.. Enumerable.Repeat((byte)1, 10_000)]);
        byte[] next = [.. Enumerable.Repeat((byte)2, 9_000)];

        AtomicFile.Write(Target, next, Backup, spare: spare, delta: new KnownDelta([(4096, 4100)]));

        // Only the range said to differ was written (the rest is the old file's), then cut to the new length.
        byte[] expected = [.. Enumerable.Repeat((byte)1, 4096), 2, 2, 2, 2, .. Enumerable.Repeat((byte)1, 9_000 - 4100)];
        Assert.Equal(expected, File.ReadAllBytes(Target));
        Assert.Equal([Target], Directory.GetFiles(_folder, "*", new EnumerationOptions { AttributesToSkip = 0 }));
    }

    [Fact]
    public void Write_InASpareTheWriterDoesNotKnow_DeletesIt_AndWritesANewFile()
    {
        var spare = Spare(Older);
        var delta = new KnownDelta(null);

        AtomicFile.Write(Target, Next, Backup, spare: spare, delta: delta);

        Assert.Equal(Next, File.ReadAllBytes(Target));
        Assert.False(File.Exists(spare));
        Assert.Equal(1, delta.Asked);
        Assert.Equal(1, delta.Recorded);
    }

    [Fact]
    public void Write_InAKnownSpareWithASecondName_LeavesIt_AndWritesANewFile()
    {
        byte[] spareBytes = [.. Enumerable.Repeat((byte)1, 10_000)];
        var spare = Spare(spareBytes);
        var secondName = Path.Combine(_folder, "snapshot of the spare");
        HardLinks.Create(spare, secondName);

        AtomicFile.Write(Target, [.. Enumerable.Repeat((byte)2, 9_000)], Backup, spare: spare, delta: new KnownDelta([(4096, 4100)]));

        Assert.Equal(spareBytes, File.ReadAllBytes(secondName));
        Assert.Equal(Enumerable.Repeat((byte)2, 9_000), File.ReadAllBytes(Target));
    }

    [Fact]
    public void Write_OverASymbolicLink_IsRefusedNamingIt_AndTheLinkAndItsTargetStay()
    {
        var target = Path.Combine(_folder, "elsewhere.sav");
        File.WriteAllBytes(target, Previous);
        File.CreateSymbolicLink(Target, target);

        var error = Assert.Throws<SaveIOException>(() => AtomicFile.Write(Target, Next, Backup));

        Assert.Equal(Target, error.FilePath);
        Assert.Contains($"symbolic link (to '{target}')", error.Message, StringComparison.Ordinal);
        Assert.Equal(target, new FileInfo(Target).LinkTarget);
        Assert.Equal(Previous, File.ReadAllBytes(target));
        Assert.Equal([target, Target], Directory.GetFiles(_folder, "*", new EnumerationOptions { AttributesToSkip = 0 }).Order());
    }

    [Theory]
    [InlineData(nameof(WriteStep.CreateTemp))]
    [InlineData(nameof(WriteStep.WriteData))]
    [InlineData(nameof(WriteStep.FlushData))]
    [InlineData(nameof(WriteStep.Replace))]
    public void Write_InAKnownSpare_ThatFails_KeepsTheTargetAndItsBackup_AndLeavesNoTemp(string failingStep)
    {
        AtomicFile.Write(Target, Older, Backup);
        AtomicFile.Write(Target, Previous, Backup);
        var spare = Spare([.. Enumerable.Repeat((byte)1, 5000)]);
        var retired = Path.Combine(_folder, "autosave-000001.sav");
        File.WriteAllBytes(retired, Older);

        Assert.Throws<SaveIOException>(() => AtomicFile.Write(
            Target, Next, Backup, FailAt(Enum.Parse<WriteStep>(failingStep)), spare, new KnownDelta([(0, 4)]), (retired, spare + ".next")));

        Assert.Equal(Previous, File.ReadAllBytes(Target));
        Assert.Equal(Older, File.ReadAllBytes(Backup));
        Assert.Equal(Older, File.ReadAllBytes(retired));
        Assert.Empty(Directory.GetFiles(_folder, "*.tmp*", new EnumerationOptions { AttributesToSkip = 0 }));
    }

    [Fact]
    public void Write_RetiringAFile_RenamesItOnceTheNewFileHasItsName()
    {
        var retired = Path.Combine(_folder, "autosave-000001.sav");
        File.WriteAllBytes(retired, Older);
        var next = Path.Combine(_folder, ".autosave-000001.sav.next.tmp");

        AtomicFile.Write(Target, Next, Backup, retire: (retired, next));

        Assert.Equal(Next, File.ReadAllBytes(Target));
        Assert.False(File.Exists(retired));
        Assert.Equal(Older, File.ReadAllBytes(next));
    }

    [Fact]
    public void Write_RetiringAFileThatIsGone_StillWritesTheFile()
    {
        AtomicFile.Write(Target, Next, Backup, retire: (Path.Combine(_folder, "gone.sav"), Path.Combine(_folder, ".gone.sav.x.tmp")));

        Assert.Equal(Next, File.ReadAllBytes(Target));
        Assert.Equal([Target], Directory.GetFiles(_folder, "*", new EnumerationOptions { AttributesToSkip = 0 }));
    }

    /// <summary>A spare: a file under a temp name of an older autosave, holding <paramref name="bytes"/>.</summary>
    private string Spare(byte[] bytes)
    {
        var spare = Path.Combine(_folder, ".autosave-000001.sav.0123.tmp");
        File.WriteAllBytes(spare, bytes);
        return spare;
    }

    /// <summary>Fails the write at one step as a full disk would.</summary>
    private static Action<WriteStep> FailAt(WriteStep failing) => step =>
    {
        if (step == failing)
        {
            throw new IOException("No space left on device (injected)");
        }
    };

    /// <summary>A writer that knows every file it is asked about (or none, given null), with the same changes from each.</summary>
    private sealed class KnownDelta(IReadOnlyList<(int Start, int End)>? changes) : IFileDelta
    {
        public int Asked { get; private set; }

        public int Recorded { get; private set; }

        public IReadOnlyList<(int Start, int End)>? ChangesFrom(SafeFileHandle file)
        {
            Asked++;
            return changes;
        }

        public void Written(SafeFileHandle file) => Recorded++;
    }
}
